/**
 * The procedure as data: what `flow procedure` says about a skill, before it is written as Markdown or
 * HTML. Built by `buildProcedure` (pure); both renderers read only this, so they cannot disagree.
 */

/** Running text: plain words and code (names, expressions, patterns), rendered and escaped per format. */
export type Inline = Array<string | { code: string }>;

/** One row of "who provides what": a field the flow asks for, or a confirmation it waits for. */
export interface FieldRow {
  /** The field or confirmation id. */
  name: string;
  /** Step numbers where it is asked (a field asked in two branches has two). */
  steps: string[];
  question: Inline;
  shape: Inline;
  givenBy: Inline;
}

/** One numbered step, with its refusals or coverage as sub-items (one line each). */
export interface StepLine {
  /** The step id, which is also its number: "3", "6.1". */
  number: string;
  depth: number;
  text: Inline;
  notes: Inline[];
}

/** One way through the flow: the `when` outcomes that name it and the steps it takes. */
export interface FlowWay {
  conditions: Inline[];
  steps: string[];
  /** Writes on this way, as "`tool` (step n)". */
  changes: Inline[];
  /** When the skill names outcomes (`end` steps): the one this way ends with, or that it ends with none. */
  outcome?: Inline;
}

/** One `when`, for flows with too many ways to list: what it adds when true. */
export interface ConditionEffect {
  number: string;
  /** The condition, and the enclosing conditions it depends on (outermost first). */
  conditions: Inline[];
  adds: string[];
  changes: Inline[];
}

export type WaysSection =
  | { kind: "list"; ways: FlowWay[]; eitherOr?: true }
  | { kind: "grouped"; total: number; always: string[]; effects: ConditionEffect[]; eitherOr?: true };

/** What must be true before one write runs. */
export interface WriteConditions {
  tool: string;
  number: string;
  description?: string;
  /** What the write's line on a confirmation card reads: its card words, and the inputs listed under them. */
  card: Inline;
  /** The covering confirmation(s), from the checker's path analysis; empty when some way has none. */
  confirmations: Inline[];
  /** Set when some way reaches the write with no confirmation (the checker rejects such a skill). */
  ungated?: Inline;
  approvals: Inline[];
  checks: Inline[];
  inputs: Inline[];
  /** Inside a `repeat`: the write runs at most once per row of the list (`row`) or per pass (`pass`). */
  per?: "row" | "pass";
}

export interface Procedure {
  title: string;
  name: string;
  description: string;
  /** The skill's prose (Markdown), as written, without its title heading. */
  prose: string;
  fields: FieldRow[];
  steps: StepLine[];
  ways: WaysSection;
  writes: WriteConditions[];
  /** A `handoff` step hands the conversation over somewhere (it needs no yes, so it is not among `writes`). */
  handsOver: boolean;
  /** The skill's own limits (`## Limits`), one line per scope and what a limit does; absent when it declares none. */
  limits?: Inline[];
  /** The skill's named values (`## Values`), one line each, then what a value is; absent when it names none. */
  values?: Inline[];
}

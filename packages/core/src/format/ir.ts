/**
 * The Skill IR: what a SKILL.md file and its tools.ts become after parsing.
 * Pure data. Every node keeps the position it came from in SKILL.md (1-based line and column).
 */
import type { ValueType } from "../tools/value-type.js";

/** A place in SKILL.md. Lines and columns are 1-based, as editors show them. */
export interface Position {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** The part file this was written in (`use:`), when not the skill's own SKILL.md. */
  file?: string;
}

/** An expression in CEL, as written, with where it was written. Compiled and typed by `expr/`. */
export interface Expr {
  source: string;
  pos: Position;
}

/** Text with `{expression}` holes (`"Pay {quote_trip.total} EUR?"`). */
export interface Template {
  source: string;
  pos: Position;
  /** Literal text and holes in order; each hole is an expression with its own position. */
  parts: Array<string | Expr>;
}

export type Shape =
  | { kind: "choices"; choices: string[] }
  | { kind: "pattern"; pattern: string }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "decimal"; min?: number; max?: number; places?: number }
  | { kind: "lookup"; tool: string; toolPos: Position }
  | { kind: "text" }
  | { kind: "date" }
  | { kind: "yes_no" }
  /**
   * Not declared in Fields: the field is asked with `from: tool.list`; the value is a row `id`, or with
   * `many: true` a list of row ids (several rows of one list, each once, at least one).
   */
  | { kind: "pick"; from: Expr; many?: true };

export interface FieldDecl {
  name: string;
  shape: Shape;
  /** Only the person may give it; never sent to or taken from the model; redacted everywhere. */
  secret: boolean;
  /** Refusal for a value that fails its shape; a clear default is used when absent. */
  message?: string;
  /** Extra words that mean a choice (`{ economy: [coach, standard] }`); for `choices` only. */
  synonyms?: Record<string, string[]>;
  /** Plain words for people (procedure, prompts). */
  description?: string;
  /**
   * Words a person uses for this secret (`cue:`), besides its name: a match of its pattern typed next to
   * one of them before it is asked is hidden from the model (`hideSecrets`). For secret fields only.
   */
  cue?: string[];
  /**
   * `typed: true`: a value the model proposes is taken only when it appears in the person's message
   * (letter case and spacing aside); other values are dropped (`apply-text.ts`).
   */
  typed?: boolean;
  /**
   * `keep: conversation`: the answer, once its ask is passed, carries over to later requests of the
   * conversation (hosted skills that keep the same field), where it is given, checked again, and fixed.
   */
  keep?: "conversation";
  /**
   * `default:` — an expression the field starts from: when its ask is reached with no answer and this
   * has a value that passes the field's shape and checks, the field takes it (marked as a default, so it
   * follows the expression until the person gives a value) and the ask does not stop.
   */
  default?: Expr;
  /** Declared in the Fields block (false for fields that exist only because of `from:` or `decide:`). */
  declared: boolean;
  /**
   * The field is a `decide` step's decision (its shape: `choices` of the option keys, plus `no` with
   * `by:`): never from the model, set only by the choice the decide step reads; `by` is its role.
   */
  decide?: { by?: string };
  pos: Position;
}

/** `check:` entry on an ask: a boolean condition and the refusal shown when it is false. */
export interface Check {
  condition: Expr;
  /** The message as written (its source). */
  message: string;
  /** The message as a template: its `{…}` holes are rendered like a question's when the check refuses. */
  text: Template;
}

interface StepCommon {
  /** Stable id from the position in the tree: "3", "5.2" (1-based indexes, nested with dots). */
  id: string;
  /** The step's first key. */
  pos: Position;
  /** Where each key of the step's mapping was written (for "unknown key", "`by:` here"...). */
  keys: Record<string, Position>;
}

/** A column of a pick's grid (`columns:` on the ask): the row property it shows and its header. */
export interface GridColumn {
  key: string;
  label: string;
  pos: Position;
}

export interface SayStep extends StepCommon { kind: "say"; text: Template }
export interface AskStep extends StepCommon {
  kind: "ask";
  field: string;
  fieldPos: Position;
  question: Template;
  /** `from: tool.list` — the answer is a pick: the `id` of one row of that lookup's list. */
  from?: Expr;
  /** `many: true` (with `from:`) — the answer is a list of row ids: several rows of the list, each once. */
  many?: true;
  widget?: string;
  /** `columns:` — the row properties a grid shows, in order, each with its header (a pick only). */
  columns?: GridColumn[];
  checks: Check[];
  /** The field's `default:`, carried onto each of its asks by the parser (read at the ask, before the answer). */
  default?: Expr;
}
/** One entry of `with:` on a `do:` step: the tool input it binds, and the expression that gives its value. */
export interface InputBinding {
  input: string;
  /** Where the input's name was written. */
  inputPos: Position;
  value: Expr;
}

export interface DoStep extends StepCommon {
  kind: "do";
  tool: string;
  toolPos: Position;
  /** `with:` — inputs bound from expressions (over fields, tool outputs, loop variables) instead of by name. */
  with?: InputBinding[] | undefined;
  /** `card:` — a write's words on the confirmation cards that list it (over anything in scope here). */
  card?: Template | undefined;
}
/**
 * `handoff: tool` — the conversation is handed to a person outside it (a human agent): the hand-off tool
 * runs once, with no confirm (it changes nothing the person owns), `tell:` is said, and the conversation
 * ends there: every later message gets one fixed sentence, nothing else runs. Terminal.
 */
export interface HandoffStep extends StepCommon {
  kind: "handoff";
  tool: string;
  toolPos: Position;
  /** `with:` — inputs bound from expressions, as on a `do:` of a write. */
  with?: InputBinding[];
  /** `tell:` — what the person is told as the conversation is handed over. */
  tell: Template;
}
/** How a conversation ended at an `end` step: it did what it was for, or it could not. */
export type EndStatus = "success" | "failed";
export const END_STATUSES: readonly EndStatus[] = ["success", "failed"];

/**
 * `end: outcome` — the conversation ends here with a named outcome and a status: `tell:` is said, and
 * every later message gets one fixed sentence, nothing else runs (as after a hand-off). Terminal.
 */
export interface EndStep extends StepCommon {
  kind: "end";
  /** The outcome's name (`card_invalid`), reported with the turn that reaches it. */
  outcome: string;
  outcomePos: Position;
  status: EndStatus;
  /** `tell:` — what the person is told as the conversation ends. */
  tell: Template;
}
export interface ConfirmStep extends StepCommon {
  kind: "confirm";
  /** The confirmation's id (`pay`), used by `press:` and `approve:`. */
  confirm: string;
  question: Template;
  /** An approval role: the yes must come from outside the conversation, from this role. */
  by?: string;
  widget?: string;
}
/** One option of a `decide`: its key (the value the decision takes) and the words shown for it. */
export interface DecideOption {
  key: string;
  label: string;
  pos: Position;
}

/**
 * `decide: { id: question }` with `options:` — a choice between options. Without `by:` the person in the
 * conversation chooses (a button, or the option's key or label typed); with `by: role` the role chooses
 * from outside the conversation, and a rejection is `no`. The id is then a text value of the skill: an
 * option key, or `no`. Never set by the model; bound to the question as rendered.
 */
export interface DecideStep extends StepCommon {
  kind: "decide";
  /** The decision's id (`escalation`): the value's name, used by `press:` and `approve:`. */
  decide: string;
  question: Template;
  options: DecideOption[];
  /** The role that chooses, from outside the conversation. */
  by?: string;
}
export interface ChatStep extends StepCommon { kind: "chat"; instructions: string }
export interface WhenStep extends StepCommon { kind: "when"; condition: Expr; steps: Step[] }
/**
 * One way of a `switch`: the steps run when the value is `value`, or, for `else:` (no `value`), when it
 * is none of the cases'. The way of a `when … else` whose condition is true has the value `"true"`.
 */
export interface Branch {
  /** The case's key as written (`gift_card`); absent for `else:`. */
  value?: string;
  /** Where the case's key (or `else:`) was written. */
  pos: Position;
  steps: Step[];
}
/**
 * `switch: expr` + `cases:` (+ `else:`), or `when: condition` + `steps:` + `else:` (`written: "when"`):
 * several ways on one answer, exactly one of which runs, decided again on every replay. The steps of the
 * branches are numbered on from the step's own id in the order written ("4.1", "4.2", … across cases).
 */
export interface SwitchStep extends StepCommon {
  kind: "switch";
  /** The value the branch is chosen by: text for `switch:`, the yes/no condition for a `when … else`. */
  on: Expr;
  written: "switch" | "when";
  /** The cases in the order written, then the `else:` branch (when there is one) last. */
  branches: Branch[];
}
export interface RepeatStep extends StepCommon {
  kind: "repeat";
  /** Name of the loop variable (`for:`). */
  item: string;
  /** The list (`in:`), an expression over fields and tool outputs. */
  list: Expr;
  /**
   * `as:` — the name the answers of every pass are gathered under after the loop: a list with one record
   * per element, in the list's order (the loop variable and each field asked in the body, by name).
   */
  gather?: { name: string; pos: Position };
  steps: Step[];
  /**
   * `repeat: { until:, at_most: }` — a loop that ends on a condition instead of going through a list: the
   * passes are numbered 1..`atMost` (`list` is that list, written at `at_most:`; `item` names the pass
   * number, a hidden name when `for:` is not given). `condition` is evaluated at the end of each pass with
   * the body's names meaning that pass's values; when it is true the loop ends. `exhausted` runs when the
   * last allowed pass ends and `condition` is still false.
   */
  until?: RepeatUntil;
  /**
   * `check:` (with `as:`) — conditions over the gathered passes, each with its message, evaluated once
   * every pass is answered and before any step after the loop: a failing one asks which pass to change.
   */
  checks?: Check[];
}

/** The condition part of a `repeat … until:` (see `RepeatStep.until`). */
export interface RepeatUntil {
  condition: Expr;
  atMost: number;
  atMostPos: Position;
  /** `for:` was written (else `item` is a hidden name, left out of the gathered records). */
  named: boolean;
  /** `exhausted:` — the steps run when the bound is reached without the condition (ids after the body's). */
  exhausted?: Step[];
}

export type Step = SayStep | AskStep | DoStep | HandoffStep | EndStep | ConfirmStep | DecideStep | ChatStep | WhenStep | RepeatStep | SwitchStep;
export type StepKind = Step["kind"];

/**
 * `lookup`: read-only. `write`: changes something, behind a confirm. `handoff`: hands the conversation
 * to a person outside it (changes nothing the person owns): run only by a `handoff:` step, once.
 */
export type ToolKind = "lookup" | "write" | "handoff";

export interface ToolParam {
  name: string;
  type: ValueType;
  optional: boolean;
  /** From zod `.describe()`. */
  description?: string;
}

/** What the loader knows of a tool: enough to check a skill without running anything. */
export interface ToolInfo {
  name: string;
  kind: ToolKind;
  description?: string;
  /** A write's card words from tools.ts: a template whose holes read its inputs by name. */
  card?: string;
  params: ToolParam[];
  output: ValueType;
}

export interface Skill {
  /** Path of SKILL.md as given to the loader (used in diagnostics). */
  file: string;
  name: string;
  description: string;
  /** The Markdown outside the Fields and Steps blocks, for people (procedure export). */
  prose: string;
  /** Title: the first `#` heading, or the name. */
  title: string;
  fields: Record<string, FieldDecl>;
  steps: Step[];
  tools: Record<string, ToolInfo>;
  /** The part files its `use:` steps brought in (directly or through other parts), as the reader named them. */
  parts?: string[];
  /**
   * For the steps a `use:` above them renumbered: their id as written in the Steps block (their place
   * in it, `"2"`) → their id in `steps` (`"4"`). An editor finds the step at its cursor by the first.
   */
  writtenIds?: Record<string, string>;
  /**
   * `## Values`: named expressions over fields, tool outputs, gathered lists and other values, read
   * wherever an expression is and evaluated on demand (never stored), in the order written.
   */
  values?: Record<string, ValueDecl>;
  /** Where the blocks were (for diagnostics that point at a block). */
  blocks: { frontmatter?: Position; fields?: Position; steps?: Position; limits?: Position; values?: Position };
  /** `## Limits`: the model-call budget the skill declares for itself (a host may only lower it). */
  limits?: SkillLimits;
}

/** One entry of `## Values`: a name and the expression it stands for. */
export interface ValueDecl {
  name: string;
  expr: Expr;
  /** Where the name was written. */
  pos: Position;
}

/** One scope of a skill's `## Limits` (absent measures: no limit from the skill). */
export interface LimitValues {
  modelCalls?: number;
  tokens?: number;
  cost?: number;
}

/** A skill's `## Limits`: per message (`turn`) and for the whole conversation. */
export interface SkillLimits {
  turn: LimitValues;
  conversation: LimitValues;
}

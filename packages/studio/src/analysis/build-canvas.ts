/**
 * The Canvas: a skill as a column of steps, nested `when`/`repeat`/`switch` as blocks (each way of a
 * switch starting at a step that names it), each write marked with
 * whether a confirm covers it on every path and which confirms may, each confirm with the writes it
 * covers — from core's coverage analysis, the one `flow check`, the runtime and `flow procedure` use.
 * Built from the parsed skill even when the check fails (an ungated write is what the Canvas must show).
 * Pure.
 */
import { childStepsOf, coverageOf, everyChildStepOf, ownValue, type Diagnostic, type Skill, type Step, type SwitchStep, type ToolKind } from "@skillflow/core";

export interface CanvasStep {
  id: string;
  kind: Step["kind"];
  /** 1-based, where the step starts in SKILL.md (a click jumps there), or in its part (`part`). */
  line: number;
  /** A step a `use:` brought in: the part file it is written in (its `line` is the part's). */
  part?: string;
  column: number;
  /** The last line of the step (the line before the next step at its level, or the block's end). */
  endLine: number;
  /** What the step says, in a few words: the field asked, the tool run, the condition… */
  title: string;
  /** Its text: the question, what is said, the chat instructions. */
  text?: string;
  /** `do:` or `handoff:` of a tool: its kind (absent for a tool tools.ts does not have). */
  tool?: ToolKind;
  /** A write: covered by a confirm on every path. */
  gated?: boolean;
  /** A write: the confirms that may cover it (`by` for approvals), in step order. */
  coveredBy?: Array<{ confirm: string; stepId: string; by?: string }>;
  /** A confirm: the writes it covers on some path. */
  covers?: Array<{ tool: string; stepId: string }>;
  by?: string;
  widget?: string;
  from?: string;
  /** An ask of a field with `default:`: the expression it starts from (taken without asking when it fits). */
  default?: string;
  checks?: string[];
  /** A decide: its option keys, in order. */
  options?: string[];
  /** Errors and warnings whose line falls in this step and in none of its nested steps. */
  problems: Array<{ severity: Diagnostic["severity"]; ruleId: string; line: number }>;
  steps?: CanvasStep[];
  /** The first step of a way of a `switch` (or `when … else`): which way it starts ("case gift_card", "else"). */
  way?: string;
}

/** The Canvas of a parsed skill; `lastLine` is the last line of the Steps block (for the last step's end). */
export function buildCanvas(skill: Skill, diagnostics: readonly Diagnostic[], lastLine: number): CanvasStep[] {
  let coverage: ReturnType<typeof coverageOf> | undefined;
  try {
    coverage = coverageOf(skill);
  } catch {
    // A skill whose parts do not fit together yet (the check reports why) is drawn without coverage.
    coverage = undefined;
  }
  const gates = new Map((safe(() => coverage?.writeGates()) ?? []).map((g) => [g.stepId, g]));
  const covers = (id: string) => safe(() => coverage?.covers(id)) ?? [];
  const draw = (steps: readonly Step[], end: number): CanvasStep[] => steps.map((step, i) => {
    // A part's steps and the skill's are numbered in their own files: a step ends before the next one of its file.
    const file = step.pos.file;
    const next = steps.slice(i + 1).find((s) => s.pos.file === file);
    const endLine = Math.max(step.pos.line, next ? next.pos.line - 1 : file === undefined ? end : lastLineOf(step));
    const node: CanvasStep = { id: step.id, kind: step.kind, line: step.pos.line, column: step.pos.column, endLine, title: titleOf(step), problems: [], ...(file !== undefined && { part: file }), ...detailsOf(skill, step) };
    if (step.kind === "do" && node.tool === "write") {
      const gate = gates.get(step.id);
      node.gated = gate?.gated ?? false;
      node.coveredBy = (gate?.confirms ?? []).map((c) => ({ confirm: c.id, stepId: c.stepId, ...(c.by ? { by: c.by } : {}) }));
    }
    if (step.kind === "confirm") node.covers = covers(step.id).map((c) => ({ tool: c.write.tool, stepId: c.write.id }));
    if (step.kind === "when" || step.kind === "repeat") node.steps = draw(nestedOf(step), endLine);
    if (step.kind === "switch") node.steps = drawWays(step, endLine);
    const inner = (d: Diagnostic) => (node.steps ?? []).some((s) => s.part === file && d.line >= s.line && d.line <= s.endLine);
    node.problems = diagnostics.filter((d) => d.file === (file ?? skill.file)).filter((d) => d.line >= node.line && d.line <= endLine && !inner(d)).map((d) => ({ severity: d.severity, ruleId: d.ruleId, line: d.line }));
    return node;
  });
  // Each way's steps in the order written, its first step naming the way.
  const drawWays = (step: SwitchStep, end: number): CanvasStep[] => {
    const nodes = draw(childStepsOf(step), end);
    for (const branch of step.branches) {
      const first = nodes.find((n) => n.id === branch.steps[0]?.id);
      if (first) first.way = branch.value === undefined ? "else" : step.written === "when" ? "when true" : `case ${branch.value}`;
    }
    return nodes;
  };
  return draw(skill.steps, lastLine);
}

/** The last line a step's own text or its nested steps reach. */
function lastLineOf(step: Step): number {
  const nested = everyChildStepOf(step).map(lastLineOf);
  return Math.max(step.pos.endLine ?? step.pos.line, ...nested);
}

function safe<T>(work: () => T): T | undefined {
  try {
    return work();
  } catch {
    return undefined;
  }
}

function titleOf(step: Step): string {
  switch (step.kind) {
    case "say": return "say";
    case "ask": return `ask ${step.field}`;
    case "do": return `do ${step.tool}`;
    case "handoff": return `handoff ${step.tool}`;
    case "end": return `end ${step.outcome} (${step.status})`;
    case "confirm": return step.by ? `confirm ${step.confirm} by ${step.by}` : `confirm ${step.confirm}`;
    case "decide": return step.by ? `decide ${step.decide} by ${step.by}` : `decide ${step.decide}`;
    case "chat": return "chat";
    case "when": return `when ${step.condition.source}`;
    case "repeat": return step.until ? untilTitle(step) : `repeat for ${step.item} in ${step.list.source}${step.gather ? ` as ${step.gather.name}` : ""}`;
    case "switch": return step.written === "when" ? `when ${step.on.source} (else)` : `switch ${step.on.source}`;
  }
}

function detailsOf(skill: Skill, step: Step): Partial<CanvasStep> {
  switch (step.kind) {
    case "say": return { text: step.text.source };
    case "ask": return {
      text: step.question.source,
      ...(step.from ? { from: step.from.source } : {}),
      ...(step.default ? { default: step.default.source } : {}),
      ...(step.widget ? { widget: step.widget } : {}),
      ...(step.checks.length ? { checks: step.checks.map((c) => c.condition.source) } : {}),
    };
    case "handoff": return { text: step.tell.source, ...(ownValue(skill.tools, step.tool) ? { tool: ownValue(skill.tools, step.tool)!.kind } : {}) };
    case "do": {
      const tool = ownValue(skill.tools, step.tool);
      return tool ? { tool: tool.kind } : {};
    }
    case "confirm": return { text: step.question.source, ...(step.by ? { by: step.by } : {}), ...(step.widget ? { widget: step.widget } : {}) };
    case "decide": return { text: step.question.source, options: step.options.map((o) => o.key), ...(step.by ? { by: step.by } : {}) };
    case "chat": return { text: step.instructions };
    case "end": return { text: step.tell.source };
    // A check across the passes, evaluated after the loop (`check:` beside `as:`).
    case "repeat": return step.checks?.length ? { checks: step.checks.map((c) => c.condition.source) } : {};
    default: return {};
  }
}

/** A block's nested steps as drawn: a `repeat … until` draws its `exhausted:` steps after its body. */
function nestedOf(step: Extract<Step, { kind: "when" | "repeat" }>): Step[] {
  return step.kind === "repeat" && step.until?.exhausted ? [...step.steps, ...step.until.exhausted] : step.steps;
}

/** "repeat until review.ok (at most 3, for round; exhausted: 2.5)". */
function untilTitle(step: Extract<Step, { kind: "repeat" }>): string {
  const until = step.until!;
  const exhausted = until.exhausted ? `; exhausted: ${until.exhausted.map((s) => s.id).join(", ")}` : "";
  return `repeat until ${until.condition.source} (at most ${until.atMost}${until.named ? `, for ${step.item}` : ""}${exhausted})`;
}

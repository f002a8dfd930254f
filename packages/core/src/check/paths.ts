/**
 * The write gate: a forward data-flow pass over the steps, linear in their number (no path is ever
 * enumerated). The state at a point is the set of confirms whose region may be open there, plus one
 * witness path on which none is (the "gap"). Rules, from docs/design.md:
 * - a `confirm` opens a region; the next `confirm` or `ask` on the path closes it;
 * - after a `when`, the state merges "with the nested steps" and "without them";
 * - a `repeat` body starts from the state before the loop (and, when the body asks or confirms, from an
 *   uncovered state for later iterations); a confirm inside the body covers only that iteration, so its
 *   region ends with the loop; after the loop the state merges "zero iterations" and "end of body".
 * Each open confirm also carries the asks and confirms the path may have skipped since it opened: it is
 * open exactly on the paths that ran none of them (`CoveringConfirm.endedBy`).
 * Pure.
 */
import type { AskStep, ConfirmStep, DoStep, Position, RepeatStep, Skill, Step, WhenStep } from "../format/ir.js";
import type { ClosedByAsk, GateAnalysis, PathOutcome, WriteGate } from "./path-types.js";
import { ownValue } from "../own-value.js";

/** A persistent list of path outcomes, newest first (sharing tails keeps the pass linear). */
type PathList = { head: PathOutcome; tail: PathList } | null;

type Closer = AskStep | ConfirmStep;
/** Persistent chunks of asks and confirms (a block's, in step order), newest chunk first. */
type Skipped = { head: readonly Closer[]; tail: Skipped } | null;

interface Gap {
  path: PathList;
  closedBy?: ClosedByAsk;
}

interface GateState {
  open: readonly ConfirmStep[];
  /** Per open confirm step id: the asks and confirms met since it opened, none of which ran where it is open. */
  skipped?: ReadonlyMap<string, Skipped>;
  gap?: Gap;
  regionWrites: readonly string[];
}

interface Pass {
  skill: Skill;
  /** The asks and confirms nested in each `when`/`repeat`, in step order (any of them can change coverage). */
  closers: Map<Step, readonly Closer[]>;
  firstAsk: Map<Step, AskStep>;
  writes: WriteGate[];
}

const cons = (head: PathOutcome, tail: PathList): PathList => ({ head, tail });
const byPosition = (a: { pos: Position }, b: { pos: Position }) => a.pos.line - b.pos.line || a.pos.column - b.pos.column;

/** Runs the write-gate analysis over a skill. */
export function analyzeGates(skill: Skill): GateAnalysis {
  const pass: Pass = { skill, closers: new Map(), firstAsk: new Map(), writes: [] };
  const confirms: ConfirmStep[] = [];
  markNested(skill.steps, pass, confirms);
  walk(skill.steps, { open: [], gap: { path: null }, regionWrites: [] }, null, pass);
  const regions = new Map<string, string[]>(confirms.map((c) => [c.id, []]));
  for (const write of pass.writes) for (const id of write.confirmStepIds) regions.get(id)?.push(write.stepId);
  return { writes: pass.writes, regions };
}

/** One bottom-up pass: the asks and confirms in each nested block, and its first ask. */
function markNested(steps: readonly Step[], pass: Pass, confirms: ConfirmStep[]): { closers: Closer[]; ask?: AskStep } {
  const closers: Closer[] = [];
  let ask: AskStep | undefined;
  for (const step of steps) {
    if (step.kind === "confirm") confirms.push(step);
    if (step.kind === "ask") ask ??= step;
    if (step.kind === "confirm" || step.kind === "ask") closers.push(step);
    if (step.kind !== "when" && step.kind !== "repeat") continue;
    const inner = markNested(step.steps, pass, confirms);
    pass.closers.set(step, inner.closers);
    if (inner.ask) pass.firstAsk.set(step, inner.ask);
    closers.push(...inner.closers);
    ask ??= inner.ask;
  }
  return { closers, ask };
}

const touches = (step: Step, pass: Pass): boolean => (pass.closers.get(step)?.length ?? 0) > 0;

/**
 * The skipped lists for `open` after passing (or entering) `block`: a confirm that was open before it
 * stays open only where none of the block's asks and confirms ran; one opened inside keeps its own list.
 */
function skipBlock(block: Step, open: readonly ConfirmStep[], before: GateState, inside: GateState, pass: Pass): Map<string, Skipped> {
  const closers = pass.closers.get(block) ?? [];
  const out = new Map<string, Skipped>();
  for (const c of open) {
    const outside = before.open.includes(c);
    const list = (outside ? before.skipped : inside.skipped)?.get(c.id) ?? null;
    out.set(c.id, outside && closers.length > 0 ? { head: closers, tail: list } : list);
  }
  return out;
}

function walk(steps: readonly Step[], state: GateState, ctx: PathList, pass: Pass): GateState {
  let s = state;
  for (const step of steps) s = advance(step, s, ctx, pass);
  return s;
}

function advance(step: Step, s: GateState, ctx: PathList, pass: Pass): GateState {
  switch (step.kind) {
    case "confirm":
      return { open: [step], regionWrites: [] };
    case "ask":
      return closeAt(step, s, ctx);
    case "do":
      if (ownValue(pass.skill.tools, step.tool)?.kind !== "write") return s;
      pass.writes.push(recordWrite(step, s, ctx));
      return s.open.length === 0 ? s : { ...s, regionWrites: [...s.regionWrites, step.id] };
    case "when":
      return passWhen(step, s, ctx, pass);
    case "repeat":
      return passRepeat(step, s, ctx, pass);
    default:
      return s;
  }
}

/** An ask ends every open region; a path that was covered now has a gap, explained by the ask. */
function closeAt(ask: AskStep, s: GateState, ctx: PathList): GateState {
  if (s.open.length === 0) return { ...s, regionWrites: [] };
  const confirm = s.open[0];
  const closedBy: ClosedByAsk = {
    askStepId: ask.id, askPos: ask.pos, field: ask.field,
    confirmStepId: confirm.id, confirmPos: confirm.pos, confirm: confirm.confirm,
  };
  return { open: [], gap: s.gap ?? { path: ctx, closedBy }, regionWrites: [] };
}

function passWhen(step: WhenStep, s: GateState, ctx: PathList, pass: Pass): GateState {
  const outcome = (value: boolean): PathOutcome => ({
    kind: "when", stepId: step.id, pos: step.pos, condition: step.condition.source, value,
  });
  const t = walk(step.steps, s, cons(outcome(true), ctx), pass);
  const regionWrites = union(s.regionWrites, t.regionWrites);
  if (!touches(step, pass)) return { ...s, regionWrites };
  // Skipping the nested steps is one concrete path; a gap inside them already names `when` true.
  const gap = s.gap ? { ...s.gap, path: cons(outcome(false), s.gap.path) } : t.gap;
  const open = unionConfirms(t.open, s.open);
  return { open, skipped: skipBlock(step, open, s, t, pass), gap, regionWrites };
}

function passRepeat(step: RepeatStep, s: GateState, ctx: PathList, pass: Pass): GateState {
  // On a later iteration, an ask or confirm of an earlier one may have run (wherever it is in the body).
  let entry: GateState = { ...s, skipped: skipBlock(step, s.open, s, s, pass) };
  if (touches(step, pass) && !s.gap) {
    const again: PathOutcome = { kind: "repeat-again", stepId: step.id, pos: step.pos };
    const ask = pass.firstAsk.get(step);
    entry = { ...entry, gap: { path: cons(again, ctx), closedBy: ask && closeAt(ask, s, ctx).gap?.closedBy } };
  }
  const exit = endRegionsInside(step, walk(step.steps, entry, ctx, pass), ctx);
  const open = unionConfirms(exit.open, s.open);
  return {
    open,
    skipped: skipBlock(step, open, s, exit, pass),
    gap: s.gap ?? exit.gap,
    regionWrites: union(s.regionWrites, exit.regionWrites),
  };
}

/** A confirm inside the loop body covers only its own iteration: its region ends with the loop. */
function endRegionsInside(step: RepeatStep, exit: GateState, ctx: PathList): GateState {
  const inside = exit.open.filter((c) => c.id.startsWith(`${step.id}.`));
  if (inside.length === 0) return exit;
  const after: PathOutcome = {
    kind: "after-repeat", stepId: step.id, pos: step.pos, confirmStepId: inside[0].id, confirm: inside[0].confirm,
  };
  return {
    open: exit.open.filter((c) => !inside.includes(c)),
    gap: exit.gap ?? { path: cons(after, ctx) },
    regionWrites: exit.regionWrites,
  };
}

function recordWrite(step: DoStep, s: GateState, ctx: PathList): WriteGate {
  const confirms = [...s.open].sort(byPosition);
  const gate: WriteGate = {
    stepId: step.id,
    tool: step.tool,
    pos: step.pos,
    gated: !s.gap,
    confirms: confirms.map((c) => {
      const endedBy = skippedIds(s.skipped?.get(c.id) ?? null);
      return { id: c.confirm, stepId: c.id, pos: c.pos, ...(c.by ? { by: c.by } : {}), ...(endedBy.length > 0 ? { endedBy } : {}) };
    }),
    confirmStepIds: confirms.map((c) => c.id),
    earlierInRegion: confirms.length > 0 ? [...s.regionWrites] : [],
  };
  if (s.gap) gate.gap = { path: mergePaths(s.gap.path, ctx), ...(s.gap.closedBy ? { closedBy: s.gap.closedBy } : {}) };
  return gate;
}

/** The step ids in a skipped list, each once, in step order. */
function skippedIds(list: Skipped): string[] {
  const seen = new Set<Closer>();
  for (; list; list = list.tail) for (const c of list.head) seen.add(c);
  return [...seen].sort(byPosition).map((c) => c.id);
}

/** The gap's decisions plus the enclosing `when`s the write sits in, in step order, each once. */
function mergePaths(...lists: PathList[]): PathOutcome[] {
  const seen = new Map<string, PathOutcome>();
  for (let list of lists) for (; list; list = list.tail) if (!seen.has(list.head.stepId)) seen.set(list.head.stepId, list.head);
  return [...seen.values()].sort(byPosition);
}

function unionConfirms(a: readonly ConfirmStep[], b: readonly ConfirmStep[]): readonly ConfirmStep[] {
  if (a === b || b.length === 0) return a;
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])];
}

function union(a: readonly string[], b: readonly string[]): readonly string[] {
  if (a === b || b.length === 0) return a;
  if (a.length === 0) return b;
  return [...new Set([...a, ...b])];
}

const cache = new WeakMap<Skill, GateAnalysis>();

/** The analysis for a skill, computed once per Skill object. */
export function gateAnalysisOf(skill: Skill): GateAnalysis {
  let found = cache.get(skill);
  if (!found) cache.set(skill, (found = analyzeGates(skill)));
  return found;
}

/** The write steps a confirm step's region covers (statically, on some path), in step order. */
export function writesCoveredBy(skill: Skill, confirmStepId: string): DoStep[] {
  const ids = new Set(gateAnalysisOf(skill).regions.get(confirmStepId) ?? []);
  const out: DoStep[] = [];
  const visit = (steps: readonly Step[]): void => {
    for (const step of steps) {
      if (step.kind === "do" && ids.has(step.id)) out.push(step);
      if (step.kind === "when" || step.kind === "repeat") visit(step.steps);
    }
  };
  visit(skill.steps);
  return out;
}

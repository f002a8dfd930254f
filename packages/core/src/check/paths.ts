/**
 * The write gate: is every write covered by a confirm on every path? A forward data-flow pass over the
 * steps, linear in their number (no path is ever enumerated). The rule (docs/design.md, "What a confirm
 * covers"): a confirm covers the writes below it on its path; confirms stack; an `ask` ends a confirm's
 * region only for the writes that depend on the field it asks (check/dependencies.ts); a confirm inside
 * a `repeat` covers only its own iteration.
 *
 * On one path, a write is covered exactly when a confirm was passed and no field it depends on was asked
 * after the last confirm whose region is still open. So the state at a point is: one path with no
 * confirm on it (if any), and the fields that may have been asked since the last open confirm, each with
 * one path that asked it. After a `when`, the state merges "with the nested steps" and "without them";
 * a `repeat` body is walked once from the state of a later iteration (which asked everything an earlier
 * iteration may ask, and whose own confirms no longer count), which is at least as uncovered as the
 * first. After a `switch`, the states of its ways merge (exactly one runs); a way, or a `when`'s steps,
 * that always ends the conversation reaches nothing after it and is left out. Conditions are treated as
 * independent otherwise; the checker is conservative.
 * Pure.
 */
import type { AskStep, Branch, ConfirmStep, DoStep, Position, RepeatStep, Skill, Step, SwitchStep, WhenStep } from "../format/ir.js";
import { childStepsOf, nestsSteps } from "../format/child-steps.js";
import { branchOutcome, coversEveryValue } from "./switch-ways.js";
import { ownValue } from "../own-value.js";
import { writeField, type Dependencies } from "./dependencies.js";
import { exhaustedBlock } from "./exhausted-block.js";
import type { ClosedByAsk, GateAnalysis, PathOutcome, WriteGate } from "./path-types.js";

/**
 * A persistent list of path outcomes, newest first (sharing tails keeps the pass linear). It keeps the
 * first `MAX_KEPT` outcomes of a path and counts the rest (`omitted`), so a witness never costs more
 * than a message names: a write after 10,000 skipped `when`s does not copy 10,000 outcomes.
 */
export type PathList = { head: PathOutcome; tail: PathList; size: number; omitted: number } | null;

const MAX_KEPT = 16;

/** An ask (or a write, whose output is then known) that may have run since the last open confirm, on one path. */
interface Asked {
  ask: AskStep | DoStep;
  /** A confirm on that path before the ask (whose region it ends for the writes that depend on it). */
  confirm?: ConfirmStep;
  path: PathList;
}

interface GateState {
  /** One path reaching here with no open confirm on it, if there is one. */
  bare?: { path: PathList; afterRepeat?: { step: RepeatStep; confirm: ConfirmStep } };
  /** Fields that may have been asked since the last open confirm. Never mutated once shared. */
  asked: ReadonlyMap<string, Asked>;
  /** A confirm passed on every path here (and still open), for messages. */
  last?: ConfirmStep;
}

interface Nested { asks: AskStep[]; writes: DoStep[]; confirm?: ConfirmStep | undefined }

interface Pass {
  skill: Skill;
  deps: Dependencies;
  /** The asks and writes nested in each `when`/`repeat`, and whether it holds a confirm. */
  nested: Map<Step, Nested>;
  writes: WriteGate[];
}

export function cons(head: PathOutcome, tail: PathList): PathList {
  if (tail && tail.size >= MAX_KEPT) return { ...tail, omitted: tail.omitted + 1 };
  return { head, tail, size: (tail?.size ?? 0) + 1, omitted: tail?.omitted ?? 0 };
}
const NONE: ReadonlyMap<string, Asked> = new Map();

/** Runs the write-gate analysis over a skill with its dependencies (compileSkill keeps one per skill). */
export function analyzeGatesWith(skill: Skill, deps: Dependencies): GateAnalysis {
  const pass: Pass = { skill, deps, nested: new Map(), writes: [] };
  markNested(skill.steps, pass);
  walk(skill.steps, { bare: { path: null }, asked: NONE }, null, pass);
  return { writes: pass.writes };
}


/** One bottom-up pass: the asks and writes in each nested block and its first confirm. */
function markNested(steps: readonly Step[], pass: Pass): Nested {
  const out: Nested = { asks: [], writes: [] };
  for (const step of steps) {
    if (step.kind === "ask") out.asks.push(step);
    if (step.kind === "do" && ownValue(pass.skill.tools, step.tool)?.kind === "write") out.writes.push(step);
    if (step.kind === "confirm") out.confirm ??= step;
    if (!nestsSteps(step)) continue;
    const exhausted = exhaustedBlock(step);
    if (exhausted) pass.nested.set(exhausted, markNested(exhausted.steps, pass));
    const inner = markNested(childStepsOf(step), pass);
    pass.nested.set(step, inner);
    for (const a of inner.asks) out.asks.push(a);
    for (const w of inner.writes) out.writes.push(w);
    out.confirm ??= inner.confirm;
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
      return { asked: NONE, last: step };
    case "ask": {
      if (s.bare) return s;
      const asked = new Map(s.asked);
      asked.set(step.field, { ask: step, ...(s.last ? { confirm: s.last } : {}), path: ctx });
      return { ...s, asked };
    }
    case "do": {
      if (ownValue(pass.skill.tools, step.tool)?.kind !== "write") return s;
      pass.writes.push(recordWrite(step, s, ctx, pass));
      if (s.bare) return s;
      // From here on its output is known, which no card of an open confirm could show.
      const asked = new Map(s.asked);
      asked.set(writeField(step.tool), { ask: step, ...(s.last ? { confirm: s.last } : {}), path: ctx });
      return { ...s, asked };
    }
    case "when":
      return passWhen(step, s, ctx, pass);
    case "repeat":
      return passRepeat(step, s, ctx, pass);
    case "switch":
      return passSwitch(step, s, ctx, pass);
    default:
      return s;
  }
}

const touches = (step: Step, pass: Pass): boolean => {
  const n = pass.nested.get(step);
  return n !== undefined && (n.asks.length > 0 || n.writes.length > 0 || n.confirm !== undefined);
};

function passWhen(step: WhenStep, s: GateState, ctx: PathList, pass: Pass): GateState {
  const outcome = (value: boolean): PathOutcome => ({ kind: "when", stepId: step.id, pos: step.pos, condition: step.condition.source, value });
  const t = walk(step.steps, s, cons(outcome(true), ctx), pass);
  // Nested steps that always end the conversation leave only the path that skips them.
  if (!touches(step, pass) || endsEveryRun(step.steps, pass.skill)) return s;
  // Skipping the nested steps is one concrete path: prefer it as the witness.
  const bare = s.bare ? { ...s.bare, path: cons(outcome(false), s.bare.path) } : t.bare;
  const asked = mergeAsked(s.asked, t.asked, outcome(false));
  return { ...(bare ? { bare } : {}), asked, ...(s.last ? { last: s.last } : {}) };
}

/**
 * Exactly one way of a switch runs: each is walked from the state before it, and the state after is
 * their merge (a path with no open confirm if any way leaves one, the fields any way may have asked).
 * A switch whose ways may all be passed by (no `else:`, and cases that do not name every value) has the
 * state before it as one more way.
 */
function passSwitch(step: SwitchStep, s: GateState, ctx: PathList, pass: Pass): GateState {
  const walked = step.branches.map((branch) => ({ branch, after: walk(branch.steps, s, cons(branchOutcome(step, branch), ctx), pass) }));
  if (!touches(step, pass)) return s;
  // A way that always ends the conversation reaches no step after the switch: only the others merge.
  const going = walked.filter((w) => !endsEveryRun(w.branch.steps, pass.skill));
  const kept: Array<{ branch?: Branch; after: GateState }> = going.length > 0 ? going : walked;
  if (!coversEveryValue(step, pass.skill)) kept.push({ after: s });
  const ways = kept.map((w) => w.after);
  // A way that leaves a path with no open confirm names itself on that path (the witness).
  const k = ways.findIndex((w) => w.bare);
  const open = k >= 0 ? ways[k]!.bare! : undefined;
  const named = k >= 0 ? kept[k]!.branch : undefined;
  const bare = open && named ? { ...open, path: cons(branchOutcome(step, named), open.path) } : open;
  const asked = new Map<string, Asked>();
  for (const way of ways) for (const [field, a] of way.asked) if (!asked.has(field)) asked.set(field, a);
  const last = ways.every((w) => w.last) ? (s.last ?? ways[0]!.last) : undefined;
  return { ...(bare ? { bare } : {}), asked, ...(last ? { last } : {}) };
}

/**
 * Whether every run of `steps` ends the conversation: an `end` or a `handoff` among them, or a switch
 * one of whose ways always runs and every way of which ends. (An either/or ending both ways is not
 * seen here: the gate stays conservative there.)
 */
function endsEveryRun(steps: readonly Step[], skill: Skill): boolean {
  return steps.some((s) => s.kind === "end" || s.kind === "handoff"
    || (s.kind === "switch" && coversEveryValue(s, skill) && s.branches.every((b) => endsEveryRun(b.steps, skill))));
}

/** The fields asked on either way; a field asked only without the nested steps names that way. */
function mergeAsked(skipped: ReadonlyMap<string, Asked>, taken: ReadonlyMap<string, Asked>, skip: PathOutcome): ReadonlyMap<string, Asked> {
  if (skipped === taken || skipped.size === 0) return taken;
  const out = new Map(taken);
  for (const [field, asked] of skipped) if (!out.has(field)) out.set(field, { ...asked, path: cons(skip, asked.path) });
  return out;
}

/**
 * A later iteration starts after an earlier one: every ask of the body may have run, and the body's own
 * confirms no longer cover anything. The body is walked once, from that state; the loop leaves it too.
 */
function passRepeat(step: RepeatStep, s: GateState, ctx: PathList, pass: Pass): GateState {
  if (step.until) return passUntil(step, s, ctx, pass);
  const nested = pass.nested.get(step);
  if (!nested || !touches(step, pass)) {
    walk(step.steps, s, ctx, pass);
    return s;
  }
  // Inside the body, what an earlier iteration asked comes first on a second pass; after the loop, one
  // pass is enough for it to come first.
  const again = cons({ kind: "repeat-again", stepId: step.id, pos: step.pos }, ctx);
  walk(step.steps, afterPasses(s, nested, again), ctx, pass);
  const after = afterPasses(s, nested, ctx);
  if (!after.bare || !nested.confirm) return after;
  return { ...after, bare: { ...after.bare, afterRepeat: { step, confirm: nested.confirm } } };
}

/**
 * A `repeat … until`: each pass starts with no confirm open (a confirm above the loop cannot list the
 * writes of passes not yet known), so a write in the body is covered only by a confirm in the body. After
 * the loop, as after a list's; then the `exhausted:` steps, as a `when`.
 */
function passUntil(step: RepeatStep, s: GateState, ctx: PathList, pass: Pass): GateState {
  const nested = pass.nested.get(step);
  walk(step.steps, { bare: { path: cons({ kind: "until-pass", stepId: step.id, pos: step.pos }, ctx) }, asked: NONE }, ctx, pass);
  const after = nested ? afterPasses(s, nested, ctx) : s;
  const exhausted = exhaustedBlock(step);
  return exhausted ? passWhen(exhausted, after, ctx, pass) : after;
}

/** The state once the body may have run: every ask and write in it may have come since the last confirm. */
function afterPasses(s: GateState, nested: Nested, path: PathList): GateState {
  if (s.bare || nested.asks.length + nested.writes.length === 0) return s;
  const asked = new Map(s.asked);
  const add = (field: string, ask: AskStep | DoStep) => {
    if (!asked.has(field)) asked.set(field, { ask, ...(s.last ? { confirm: s.last } : {}), path });
  };
  for (const ask of nested.asks) add(ask.field, ask);
  for (const write of nested.writes) add(writeField(write.tool), write);
  return { ...s, asked };
}

function recordWrite(step: DoStep, s: GateState, ctx: PathList, pass: Pass): WriteGate {
  const gate: WriteGate = { stepId: step.id, tool: step.tool, pos: step.pos, gated: true };
  if (s.bare) {
    const after = s.bare.afterRepeat;
    const path = mergePaths(s.bare.path, ctx);
    if (after) path.push({ kind: "after-repeat", stepId: after.step.id, pos: after.step.pos, confirmStepId: after.confirm.id, confirm: after.confirm.confirm });
    return { ...gate, gated: false, gap: { path: path.sort(byPosition), ...omittedOf(s.bare.path, ctx) } };
  }
  const closing = closingAsk(step, s, pass);
  if (!closing) return gate;
  const path = mergePaths(closing.asked.path, ctx);
  return { ...gate, gated: false, gap: { path, ...omittedOf(closing.asked.path, ctx), closedBy: closing.closedBy } };
}

/** The earliest ask, since the last open confirm, of a field this write depends on. */
function closingAsk(step: DoStep, s: GateState, pass: Pass): { asked: Asked; closedBy: ClosedByAsk } | undefined {
  if (s.asked.size === 0) return undefined;
  const deps = pass.deps.ofStep(step);
  let found: { asked: Asked; field: string } | undefined;
  for (const [field, asked] of s.asked) {
    if (!deps.has(field)) continue;
    if (!found || byPosition(asked.ask, found.asked.ask) < 0) found = { asked, field };
  }
  if (!found) return undefined;
  const { ask, confirm } = found.asked;
  const closedBy: ClosedByAsk = {
    by: ask.kind === "do" ? "write" : "ask",
    askStepId: ask.id, askPos: ask.pos, field: found.field, reason: deps.get(found.field)!,
    ...(confirm ? { confirmStepId: confirm.id, confirmPos: confirm.pos, confirm: confirm.confirm } : {}),
  };
  return { asked: found.asked, closedBy };
}

const byPosition = (a: { pos: Position }, b: { pos: Position }) => a.pos.line - b.pos.line || a.pos.column - b.pos.column;

/** How many outcomes of the witness were counted and not kept (absent when none). */
function omittedOf(...lists: PathList[]): { omitted?: number } {
  const n = lists.reduce((sum, list) => sum + (list?.omitted ?? 0), 0);
  return n > 0 ? { omitted: n } : {};
}

/** The witness's decisions plus the enclosing `when`s the write sits in, in step order, each once. */
function mergePaths(...lists: PathList[]): PathOutcome[] {
  const seen = new Map<string, PathOutcome>();
  for (let list of lists) for (; list; list = list.tail) if (!seen.has(list.head.stepId)) seen.set(list.head.stepId, list.head);
  return [...seen.values()].sort(byPosition);
}

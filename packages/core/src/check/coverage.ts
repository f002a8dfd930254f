/**
 * What each confirm covers, by walking forward from it over the rest of its scope (the end of the
 * skill, or the end of its iteration when it sits in a `repeat`): the writes its region reaches on some
 * path, with the asks that would end it there, and whether it covers a write on every path. The rule is
 * the one of check/paths.ts, seen from the confirm: confirms stack, and an ask ends the region only for
 * the writes that depend on the field it asks (check/dependencies.ts).
 *
 * Lazy: `flow check` only asks whether a confirm covers something (each walk stops at the first write
 * found), the procedure asks for the full lists. Pure; compileSkill keeps one per Skill object.
 */
import type { AskStep, ConfirmStep, DoStep, Skill, Step, SwitchStep } from "../format/ir.js";
import { branchOutcome, coversEveryValue } from "./switch-ways.js";
import { ownValue } from "../own-value.js";
import { exhaustedBlock } from "./exhausted-block.js";
import { dependsOnAny, writeField, type Dependencies } from "./dependencies.js";
import { cons, type PathList } from "./paths.js";
import type { CoveredWrite, CoveringConfirm, GateAnalysis, PathOutcome } from "./path-types.js";

/** A write a confirm covers on some path, and the asks that would end the region before it. */
export interface ConfirmCover {
  write: DoStep;
  /** Asks of fields the write depends on (and writes whose output it reads) that may run between the confirm and the write. */
  endedBy: Ender[];
}

export interface Coverage {
  /** Every write the confirm step covers on some path, in walk order. */
  covers(confirmStepId: string): readonly ConfirmCover[];
  /** True when the confirm covers at least one write on some path. */
  coversSome(confirmStepId: string): boolean;
  /** A path (its `when` outcomes) on which the confirm covers no write; undefined when there is none. */
  uncoveredPath(confirmStepId: string): PathOutcome[] | undefined;
  /** Every write with the forward pass's verdict and every confirm that may cover it. */
  writeGates(): readonly CoveredWrite[];
  /** The `when`s and `repeat`s around a step, innermost first. */
  ancestors(stepId: string): Step[];
}

interface Place { seq: readonly Step[]; index: number; parent: Step | null }

interface Walk {
  skill: Skill;
  deps: Dependencies;
  places: Map<string, Place>;
  /** The asks (and writes) nested in each block. */
  asks: Map<Step, Ender[]>;
}

/** The coverage of a skill, with its dependencies and (lazily) its write gate (compileSkill keeps one). */
export function makeCoverage(skill: Skill, deps: Dependencies, gates: () => GateAnalysis): Coverage {
  const walk: Walk = { skill, deps, places: new Map(), asks: new Map() };
  place(skill.steps, null, walk);
  const full = new Map<string, ConfirmCover[]>();
  const covers = (id: string): ConfirmCover[] => {
    let found = full.get(id);
    if (!found) full.set(id, (found = collect(walk, id, false)));
    return found;
  };
  let written: CoveredWrite[] | undefined;
  return {
    covers,
    coversSome: (id) => (full.has(id) ? full.get(id)!.length > 0 : collect(walk, id, true).length > 0),
    uncoveredPath: (id) => uncovered(walk, id),
    writeGates: () => (written ??= invert(gates(), walk, covers)),
    ancestors: (id) => {
      const out: Step[] = [];
      for (let at = walk.places.get(id); at?.parent; at = walk.places.get(at.parent.id)) out.push(at.parent);
      return out;
    },
  };
}

/** Parent links for every step, and the asks and writes inside each block. */
function place(steps: readonly Step[], parent: Step | null, walk: Walk): Ender[] {
  const asks: Ender[] = [];
  steps.forEach((step, index) => {
    walk.places.set(step.id, { seq: steps, index, parent });
    if (step.kind === "ask" || isWrite(walk, step)) asks.push(step);
    if (step.kind === "when" || step.kind === "repeat") {
      const inner = place(step.steps, step, walk);
      walk.asks.set(step, inner);
      asks.push(...inner);
    }
    if (step.kind === "switch") {
      const inner = step.branches.flatMap((b) => place(b.steps, step, walk));
      walk.asks.set(step, inner);
      asks.push(...inner);
    }
    const exhausted = exhaustedBlock(step);
    if (exhausted) {
      const inner = place(exhausted.steps, exhausted, walk);
      walk.asks.set(exhausted, inner);
      asks.push(...inner);
    }
  });
  return asks;
}

/**
 * Calls `visit` on the rest of the confirm's scope: its sequence, then out of each `when` around it.
 * Returns the state at the end of the scope, or undefined when a visit ended the walk.
 */
function continueFrom<S>(walk: Walk, confirmStepId: string, state: S, visit: (steps: readonly Step[], from: number, state: S) => S | undefined): S | undefined {
  let at = walk.places.get(confirmStepId);
  let s: S | undefined = state;
  while (at && s !== undefined) {
    s = visit(at.seq, at.index + 1, s);
    if (!at.parent || at.parent.kind === "repeat") return s;
    at = walk.places.get(at.parent.id);
  }
  return s;
}

/**
 * Fields asked on every path so far (they end the region for what depends on them), and the asks on some
 * path. A write passed counts as asking its pseudo-field (its output is known only after the confirm).
 */
interface MayState { must: ReadonlySet<string>; may: AskList }
type Ender = AskStep | DoStep;
type AskList = { head: Ender; tail: AskList } | null;

const isWrite = (walk: Walk, step: Step): step is DoStep => step.kind === "do" && ownValue(walk.skill.tools, step.tool)?.kind === "write";

/** The writes the confirm covers on some path (with `firstOnly`, stops at the first). */
function collect(walk: Walk, confirmStepId: string, firstOnly: boolean): ConfirmCover[] {
  const out: ConfirmCover[] = [];
  const seen = new Set<string>();
  const visit = (steps: readonly Step[], from: number, state: MayState): MayState | undefined => {
    let { must, may } = state;
    for (let i = from; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.kind === "ask") {
        must = new Set(must).add(step.field);
        may = { head: step, tail: may };
      } else if (isWrite(walk, step)) {
        const deps = walk.deps.ofStep(step);
        if (!seen.has(step.id) && !dependsOnAny(deps, must)) {
          seen.add(step.id);
          out.push({ write: step, endedBy: asksIn(may).filter((a) => deps.has(enderField(a))) });
          if (firstOnly) return undefined;
        }
        must = new Set(must).add(writeField(step.tool));
        may = { head: step, tail: may };
      } else if (step.kind === "repeat" && step.until) {
        // A confirm above a `repeat … until` covers none of its passes' writes (each pass confirms its own);
        // after the loop, its asks may have come, and then the `exhausted:` steps may run.
        may = prepend(walk.asks.get(step) ?? [], may);
        for (const field of askedFields(walk.asks.get(step) ?? [])) must = new Set(must).add(field);
        const exhausted = exhaustedBlock(step);
        if (exhausted && visit(exhausted.steps, 0, { must, may }) === undefined) return undefined;
        if (exhausted) may = prepend(walk.asks.get(exhausted) ?? [], may);
      } else if (step.kind === "when" || step.kind === "repeat") {
        const inner = walk.asks.get(step) ?? [];
        // A later iteration may follow an earlier one: the body's asks may come before any of its writes.
        const entry = step.kind === "repeat" ? { must, may: prepend(inner, may) } : { must, may };
        if (visit(step.steps, 0, entry) === undefined) return undefined;
        may = prepend(inner, may);
      } else if (step.kind === "switch") {
        for (const branch of step.branches) if (visit(branch.steps, 0, { must, may }) === undefined) return undefined;
        may = prepend(walk.asks.get(step) ?? [], may);
      }
    }
    return { must, may };
  };
  continueFrom<MayState>(walk, confirmStepId, { must: new Set(), may: null }, visit);
  return out;
}

function prepend(asks: readonly Ender[], list: AskList): AskList {
  let out = list;
  for (const a of asks) out = { head: a, tail: out };
  return out;
}

const enderField = (step: Ender): string => (step.kind === "ask" ? step.field : writeField(step.tool));

/** The asks (and writes) of a list, each once, in step order. */
function asksIn(list: AskList): Ender[] {
  const seen = new Set<Ender>();
  for (; list; list = list.tail) seen.add(list.head);
  return [...seen].sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column);
}

/** One path not yet covered: the fields asked since the confirm, and its `when` outcomes. */
interface PathState { asked: ReadonlySet<string>; path: PathList }

/** Distinct asked sets kept per point; beyond it they are merged (which can only find more gaps). */
const MAX_PATHS = 64;

/**
 * A path from the confirm on which it covers no write. Every path is followed (with distinct asked sets
 * merged), a `when` may be skipped, and a `repeat` is taken to run at least once (an empty list is a
 * matter of data, not of the skill).
 */
function uncovered(walk: Walk, confirmStepId: string): PathOutcome[] | undefined {
  const visit = (steps: readonly Step[], from: number, states: PathState[]): PathState[] | undefined => {
    let s = states;
    for (let i = from; i < steps.length && s.length > 0; i++) s = advancePaths(walk, steps[i]!, s, visit);
    return s.length > 0 ? s : undefined;
  };
  const left = continueFrom<PathState[]>(walk, confirmStepId, [{ asked: new Set(), path: null }], visit);
  if (!left) return undefined;
  const out: PathOutcome[] = [];
  for (let p = left[0]!.path; p; p = p.tail) out.push(p.head);
  return out.reverse();
}

function advancePaths(
  walk: Walk, step: Step, states: PathState[], visit: (steps: readonly Step[], from: number, states: PathState[]) => PathState[] | undefined,
): PathState[] {
  if (step.kind === "ask") return states.map((s) => ({ ...s, asked: new Set(s.asked).add(step.field) }));
  if (isWrite(walk, step)) {
    const deps = walk.deps.ofStep(step);
    const field = writeField(step.tool);
    return states.filter((s) => dependsOnAny(deps, s.asked)).map((s) => ({ ...s, asked: new Set(s.asked).add(field) }));
  }
  if (step.kind === "repeat") return visit(step.steps, 0, states) ?? [];
  if (step.kind === "switch") return advanceSwitch(walk, step, states, visit);
  if (step.kind !== "when") return states;
  const outcome = (value: boolean): PathOutcome => ({ kind: "when", stepId: step.id, pos: step.pos, condition: step.condition.source, value });
  const taken = visit(step.steps, 0, states.map((s) => ({ ...s, path: cons(outcome(true), s.path) }))) ?? [];
  const skipped = states.map((s) => ({ ...s, path: cons(outcome(false), s.path) }));
  return distinct([...skipped, ...taken]);
}

/** Each way of a switch from the states before it (one more way, passing it by, when no way may run). */
function advanceSwitch(
  walk: Walk, step: SwitchStep, states: PathState[], visit: (steps: readonly Step[], from: number, states: PathState[]) => PathState[] | undefined,
): PathState[] {
  const ways = step.branches.flatMap((branch) => visit(branch.steps, 0, states.map((s) => ({ ...s, path: cons(branchOutcome(step, branch), s.path) }))) ?? []);
  return distinct(coversEveryValue(step, walk.skill) ? ways : [...states, ...ways]);
}

function distinct(states: PathState[]): PathState[] {
  const byKey = new Map<string, PathState>();
  for (const s of states) {
    const key = [...s.asked].sort().join("\u0000");
    if (!byKey.has(key)) byKey.set(key, s);
  }
  const out = [...byKey.values()];
  if (out.length <= MAX_PATHS) return out;
  const asked = new Set<string>();
  for (const s of out) for (const f of s.asked) asked.add(f);
  return [{ asked, path: out[0]!.path }];
}

/** Every write with every confirm that covers it on some path, from the confirms' walks. */
function invert(gates: GateAnalysis, walk: Walk, covers: (id: string) => ConfirmCover[]): CoveredWrite[] {
  const byWrite = new Map<string, CoveringConfirm[]>();
  for (const step of walk.places.keys()) {
    const confirm = stepById(walk, step);
    if (confirm?.kind !== "confirm") continue;
    for (const { write, endedBy } of covers(confirm.id)) {
      const list = byWrite.get(write.id) ?? [];
      list.push(coveringOf(confirm, endedBy));
      byWrite.set(write.id, list);
    }
  }
  return gates.writes.map((gate) => ({
    ...gate,
    confirms: (byWrite.get(gate.stepId) ?? []).sort((a, b) => a.pos.line - b.pos.line || a.pos.column - b.pos.column),
  }));
}

function coveringOf(confirm: ConfirmStep, endedBy: readonly Ender[]): CoveringConfirm {
  return {
    id: confirm.confirm, stepId: confirm.id, pos: confirm.pos,
    ...(confirm.by ? { by: confirm.by } : {}),
    ...(endedBy.length > 0 ? { endedBy: endedBy.map((a) => a.id) } : {}),
  };
}

function stepById(walk: Walk, id: string): Step | undefined {
  const at = walk.places.get(id);
  return at?.seq[at.index];
}

/** The fields (and writes' pseudo-fields) a block's asks and writes give. */
function askedFields(enders: readonly Ender[]): string[] {
  return enders.map((e) => (e.kind === "ask" ? e.field : writeField(e.tool)));
}

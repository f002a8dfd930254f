/**
 * Every way through the flow: the distinct step sequences the `when` conditions allow, each named by
 * its conditions. Conditions are independent, as in the checker, except an either/or (`when: C` directly
 * followed by `when: !(C)`, check/either-or.ts) and a `switch` (or `when … else`): exactly one of its
 * branches runs, so it adds one way per branch. A flow with more than `MAX_WAYS` ways
 * is grouped instead: the steps that always run, then what each condition adds. Pure.
 */
import type { EndStep, Skill, Step, WhenStep } from "../format/ir.js";
import { childStepsOf } from "../format/child-steps.js";
import { coversEveryValue } from "../check/switch-ways.js";
import { branchBlock } from "./switch-branches.js";
import type { ConditionEffect, FlowWay, Inline, WaysSection } from "./model.js";
import { code, inline } from "./inline.js";
import { contextAt } from "./describe-value.js";
import { describeCondition } from "./describe-condition.js";
import { isWrite, placeSteps, type Block, type PlacedStep } from "./walk-steps.js";
import { eitherOrPair } from "../check/either-or.js";
import type { SkillExpressions } from "../expr/types.js";
import { expressionsFor } from "../compile/compile-skill.js";
import { exhaustedBlock, loopOfExhausted } from "../check/exhausted-block.js";
import { ordinal } from "./list-steps.js";

/** Up to this many ways are listed one by one (three independent conditions). */
export const MAX_WAYS = 8;

interface Choice { when: WhenStep; ancestors: Block[]; value: boolean }
/** `ended`: the way reached a `handoff` or an `end` (`end`: which), so no later step is on it. */
interface RawWay { choices: Choice[]; steps: string[]; ended?: true; end?: EndStep }

/** The ending of a way that reached one, kept when the way is extended. */
function endingOf(w: RawWay): Pick<RawWay, "ended" | "end"> {
  return { ...(w.ended ? { ended: true as const } : {}), ...(w.end ? { end: w.end } : {}) };
}

/** How many ways a list of steps allows (capped growth: Infinity is fine). */
export function countWays(steps: readonly Step[], exprs: SkillExpressions, skill: Skill): number {
  const { open, ended } = countOpen(steps, exprs, skill);
  return open + ended;
}

/** Ways that go on past the list, and ways that end inside it (an `end` or `handoff` takes no later step). */
interface Count { open: number; ended: number }

function countOpen(steps: readonly Step[], exprs: SkillExpressions, skill: Skill): Count {
  let n: Count = { open: 1, ended: 0 };
  const sum = (counts: Count[], extraOpen = 0): Count =>
    counts.reduce((a, c) => ({ open: a.open + c.open, ended: a.ended + c.ended }), { open: extraOpen, ended: 0 });
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const pair = eitherOrPair(steps, i, exprs);
    let step: Count | undefined;
    if (pair) {
      step = sum([countOpen(pair[0].steps, exprs, skill), countOpen(pair[1].steps, exprs, skill)]);
      i++;
    } else if (s.kind === "end" || s.kind === "handoff") step = { open: 0, ended: 1 };
    else if (s.kind === "when") step = sum([countOpen(s.steps, exprs, skill)], 1);
    else if (s.kind === "repeat") {
      // After the loop: the bound reached (the `exhausted:` steps run) or the condition held (nothing more).
      const body = countOpen(s.steps, exprs, skill);
      const out = s.until?.exhausted ? sum([countOpen(s.until.exhausted, exprs, skill)], 1) : undefined;
      step = out ? { open: body.open * out.open, ended: body.ended + body.open * out.ended } : body;
    }
    else if (s.kind === "switch") step = sum(s.branches.map((b) => countOpen(b.steps, exprs, skill)), coversEveryValue(s, skill) ? 0 : 1);
    if (step) n = { open: n.open * step.open, ended: n.ended + n.open * step.ended };
  }
  return n;
}

/**
 * The ways out of a `repeat … until` with `exhausted:`, after each way through its body: the bound
 * reached without the condition (the `exhausted:` steps run), or the condition held (the flow goes on).
 */
function waysOut(s: Extract<Step, { kind: "repeat" }>, body: RawWay[], ancestors: Block[], exprs: SkillExpressions, skill: Skill): RawWay[] {
  const block = exhaustedBlock(s);
  if (!block) return body;
  const out = enumerate(block.steps, [...ancestors, block], exprs, skill);
  return body.flatMap((b) => (b.ended ? [b] : [
    ...out.map((o) => ({ choices: [...b.choices, { when: block, ancestors, value: true }, ...o.choices], steps: [...b.steps, ...o.steps], ...endingOf(o) })),
    { choices: [...b.choices, { when: block, ancestors, value: false }], steps: b.steps },
  ]));
}

/** The ways of a `when` taken (its condition holds), each starting with it. */
function taken(s: WhenStep, ancestors: Block[], exprs: SkillExpressions, skill: Skill): RawWay[] {
  return enumerate(s.steps, [...ancestors, s], exprs, skill)
    .map((w) => ({ choices: [{ when: s, ancestors, value: true }, ...w.choices], steps: [s.id, ...w.steps], ...endingOf(w) }));
}

function enumerate(steps: readonly Step[], ancestors: Block[], exprs: SkillExpressions, skill: Skill): RawWay[] {
  let ways: RawWay[] = [{ choices: [], steps: [] }];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    let options: RawWay[] = [{
      choices: [], steps: [s.id], ...(s.kind === "handoff" ? { ended: true as const } : s.kind === "end" ? { ended: true as const, end: s } : {}),
    }];
    const pair = eitherOrPair(steps, i, exprs);
    if (pair) {
      // One branch or the other: each way names the condition that held, and skips the other block.
      options = [...taken(pair[0], ancestors, exprs, skill), ...taken(pair[1], ancestors, exprs, skill)];
      i++;
    } else if (s.kind === "when") {
      options = [...taken(s, ancestors, exprs, skill), { choices: [{ when: s, ancestors, value: false }], steps: [] }];
    } else if (s.kind === "repeat") {
      options = waysOut(s, enumerate(s.steps, [...ancestors, s], exprs, skill).map((w) => ({ choices: w.choices, steps: [s.id, ...w.steps], ...endingOf(w) })), ancestors, exprs, skill);
    } else if (s.kind === "switch") {
      // Exactly one way runs: each is named by the value that takes it (one way, not one per case and its absence).
      options = s.branches.flatMap((b) => taken(branchBlock(s, b), ancestors, exprs, skill));
      if (!coversEveryValue(s, skill)) options.push({ choices: [{ when: branchBlock(s, s.branches[0]!), ancestors, value: false }], steps: [s.id] });
    }
    // A way that handed the conversation over, or ended it, takes no later step.
    ways = ways.flatMap((w) => (w.ended ? [w] : options.map((o) => ({
      choices: [...w.choices, ...o.choices], steps: [...w.steps, ...o.steps], ...endingOf(o),
    }))));
  }
  return ways;
}

function conditionWords(skill: Skill, when: WhenStep, ancestors: readonly Block[], value: boolean): Inline {
  const loop = loopOfExhausted(when);
  if (loop?.until) {
    const ctx = contextAt(skill, [...ancestors, loop]);
    return value
      ? inline(`the ${ordinal(loop.until.atMost)} pass of step ${loop.id} ends and `, describeCondition(loop.until.condition, ctx, true))
      : inline(describeCondition(loop.until.condition, ctx), ` by the ${ordinal(loop.until.atMost)} pass of step ${loop.id}`);
  }
  const around = [...ancestors].reverse().find((b) => b.kind === "repeat");
  const perRow = around ? (around.kind === "repeat" && around.until ? " (for that pass)" : " (for that row)") : "";
  return inline(describeCondition(when.condition, contextAt(skill, ancestors), !value), perRow);
}

function changes(skill: Skill, ids: readonly string[], byId: Map<string, PlacedStep>): Inline[] {
  return ids.flatMap((id) => {
    const step = byId.get(id)?.step;
    if (step?.kind === "handoff") return [inline(code(step.tool), ` (step ${id}, hands the conversation over)`)];
    if (step?.kind === "end") return [inline("ends as ", code(step.outcome), ` (${step.status}, step ${id})`)];
    return step?.kind === "do" && isWrite(skill, step.tool) ? [inline(code(step.tool), ` (step ${id})`)] : [];
  });
}

/** "`card_invalid` (failed, step 2.1)", or that the way finishes with none. */
function outcomeWords(end: EndStep | undefined): Inline {
  return end ? inline(code(end.outcome), ` (${end.status}, step ${end.id})`) : ["none: the flow runs past its last step"];
}

function grouped(skill: Skill, placed: readonly PlacedStep[], total: number): WaysSection {
  const byId = new Map(placed.map((p) => [p.step.id, p]));
  const always = placed.filter((p) => !p.ancestors.some((b) => b.kind === "when") && p.step.kind !== "when");
  const effects: ConditionEffect[] = placed.flatMap((p) => {
    const s = p.step;
    if (s.kind === "switch") return s.branches.flatMap((b) => effectOf(skill, branchBlock(s, b), p, placed, byId));
    return s.kind === "when" ? effectOf(skill, s, p, placed, byId) : [];
  });
  // The way out of a `repeat … until` when its bound is reached: what its `exhausted:` steps add.
  for (const p of placed) {
    const block = exhaustedBlock(p.step);
    if (!block) continue;
    const adds = placed.filter((q) => q.ancestors.includes(block)).map((q) => q.step.id);
    effects.push({ number: p.step.id, conditions: [conditionWords(skill, block, p.ancestors, true)], adds, changes: changes(skill, adds, byId) });
  }
  return { kind: "grouped", total, always: always.map((p) => p.step.id), effects };
}

/** What one `when` (or one way of a switch, whose switch step is among the steps that always run) adds when it holds. */
function effectOf(skill: Skill, when: WhenStep, p: PlacedStep, placed: readonly PlacedStep[], byId: Map<string, PlacedStep>): ConditionEffect[] {
  const adds = placed.filter((q) => q.step === when || (q.step.kind !== "when" && nearestWhen(q) === when));
  const outer = p.ancestors.flatMap((b, i) =>
    b.kind === "when" ? [conditionWords(skill, b, p.ancestors.slice(0, i), true)] : []);
  return [{
    number: when.id,
    conditions: [...outer, conditionWords(skill, when, p.ancestors, true)],
    adds: adds.map((q) => q.step.id),
    changes: changes(skill, adds.map((q) => q.step.id), byId),
  }];
}

function nearestWhen(p: PlacedStep): WhenStep | undefined {
  const whens = p.ancestors.filter((b): b is WhenStep => b.kind === "when");
  return whens[whens.length - 1];
}

/** The ways section: every way when there are at most `MAX_WAYS`, else grouped by condition. */
export function listWays(skill: Skill): WaysSection {
  const placed = placeSteps(skill.steps);
  const exprs = expressionsFor(skill);
  const total = countWays(skill.steps, exprs, skill);
  const eitherOr = hasEitherOr(skill.steps, exprs) ? { eitherOr: true as const } : {};
  if (total > MAX_WAYS) return { ...grouped(skill, placed, total), ...eitherOr };
  const byId = new Map(placed.map((p) => [p.step.id, p]));
  const namesOutcomes = placed.some((p) => p.step.kind === "end");
  const ways: FlowWay[] = enumerate(skill.steps, [], exprs, skill).map((w) => ({
    conditions: w.choices.map((c) => conditionWords(skill, c.when, c.ancestors, c.value)),
    steps: w.steps,
    changes: changes(skill, w.steps.filter((id) => byId.get(id)?.step.kind !== "end"), byId),
    ...(namesOutcomes && !(w.ended && !w.end) ? { outcome: outcomeWords(w.end) } : {}),
  }));
  return { kind: "list", ways, ...eitherOr };
}

function hasEitherOr(steps: readonly Step[], exprs: SkillExpressions): boolean {
  return steps.some((s, i) => eitherOrPair(steps, i, exprs) !== undefined
    || hasEitherOr(childStepsOf(s), exprs));
}

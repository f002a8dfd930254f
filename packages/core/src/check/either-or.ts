/**
 * An either/or written as two `when`s: `when: C` directly followed by `when: !(C)` (the same condition
 * negated, compared as `exclusive-conditions.ts` compares them). On every path exactly one of the two
 * runs: the walk decides both conditions with the same answers, so value-flow may count what both
 * branches give as known after them. Only when C reads no field that either branch asks: an answer given
 * inside a branch could otherwise flip C between the two decisions. Pure.
 */
import type { Step, WhenStep } from "../format/ir.js";
import type { SkillExpressions } from "../expr/types.js";
import { guardOf } from "./exclusive-conditions.js";
import { childStepsOf } from "../format/child-steps.js";

/** The pair starting at `steps[i]`, or undefined when it is not one. */
export function eitherOrPair(steps: readonly Step[], i: number, exprs: SkillExpressions): readonly [WhenStep, WhenStep] | undefined {
  const [first, second] = [steps[i], steps[i + 1]];
  if (first?.kind !== "when" || second?.kind !== "when") return undefined;
  const [a, b] = [guardOf(first.condition.source), guardOf(second.condition.source)];
  if (a.text !== b.text || a.positive === b.positive) return undefined;
  const asked = new Set<string>();
  collectAsks(first.steps, asked);
  collectAsks(second.steps, asked);
  const reads = exprs.refs(first.condition).some(({ root }) => asked.has(root));
  return reads ? undefined : [first, second];
}

function collectAsks(steps: readonly Step[], into: Set<string>): void {
  for (const step of steps) {
    if (step.kind === "ask") into.add(step.field);
    collectAsks(childStepsOf(step), into);
  }
}

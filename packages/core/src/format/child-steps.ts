/**
 * The steps nested in a step, for the walks that only need to visit them: a `when`'s or `repeat`'s
 * `steps:`, and every branch of a `switch` (its cases in the order written, then `else:`). A walk that
 * gives the branches a meaning of their own (exactly one runs) reads `SwitchStep.branches` instead. Pure.
 */
import type { Branch, Expr, Step, SwitchStep } from "./ir.js";

/** The steps nested directly in `step`, in the order written; none for a step that nests none. */
export function childStepsOf(step: Step): readonly Step[] {
  if (step.kind === "when" || step.kind === "repeat") return step.steps;
  if (step.kind === "switch") return step.branches.length === 1 ? step.branches[0]!.steps : step.branches.flatMap((b) => b.steps);
  return [];
}

/** The `exhausted:` steps of a `repeat … until:` (none for any other step): they run after the loop, on one way out of it. */
export function exhaustedOf(step: Step): Step[] {
  return step.kind === "repeat" ? step.until?.exhausted ?? [] : [];
}

/**
 * Every step nested in `step`, for the walks that visit all of them (find a step, list the asks): its
 * `childStepsOf`, then a `repeat … until`'s `exhausted:` steps. A walk that gives `exhausted:` its meaning
 * (a way out of the loop) reads it with `exhaustedOf` or `check/exhausted-block.ts` instead.
 */
export function everyChildStepOf(step: Step): readonly Step[] {
  const exhausted = exhaustedOf(step);
  return exhausted.length === 0 ? childStepsOf(step) : [...childStepsOf(step), ...exhausted];
}

/** Does `step` nest steps (a `when`, a `repeat` or a `switch`)? */
export function nestsSteps(step: Step): step is Extract<Step, { kind: "when" | "repeat" | "switch" }> {
  return step.kind === "when" || step.kind === "repeat" || step.kind === "switch";
}

/** The `else:` branch of a switch, when it has one. */
export function elseBranch(step: SwitchStep): Branch | undefined {
  const last = step.branches[step.branches.length - 1];
  return last && last.value === undefined ? last : undefined;
}

/** The case branches of a switch (every branch but `else:`). */
export function caseBranches(step: SwitchStep): Branch[] {
  return step.branches.filter((b) => b.value !== undefined);
}

/** What a block reads to decide whether (or how often, or which way) its nested steps run. */
export function blockExprOf(step: Step): Expr | undefined {
  return step.kind === "when" ? step.condition : step.kind === "repeat" ? step.list : step.kind === "switch" ? step.on : undefined;
}

/**
 * step-after-handoff: a step after a `handoff` in the same list of steps, or after an either/or whose
 * two branches both end at one. A hand-off ends the conversation, so the steps after it never run
 * (after a single `when` holding one, the steps run when its condition is false, which is fine).
 * Reported once, at the first step after it. Pure.
 */
import type { Step } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { eitherOrPair } from "./either-or.js";
import { at } from "./words.js";

export function checkAfterHandoff(ctx: CheckContext): void {
  visit(ctx, ctx.skill.steps);
}

function visit(ctx: CheckContext, steps: readonly Step[]): void {
  steps.forEach((step, i) => {
    if (step.kind === "when" || step.kind === "repeat") visit(ctx, step.steps);
    const ends = endsAt(ctx, steps, i);
    const next = ends && steps[i + ends.width];
    if (!ends || !next) return;
    const many = steps.length - i - ends.width;
    const where = ends.width === 1 ? `the \`handoff\` at ${at(step.pos)}` : `the either/or at ${at(step.pos)}, which hands off both ways,`;
    ctx.report(
      "step-after-handoff", next.pos,
      `${many === 1 ? "This step" : `This step and the ${many - 1} after it`} never ${many === 1 ? "runs" : "run"}: ${where} ends the conversation.`,
      ends.width === 1
        ? `Move ${many === 1 ? "it" : "them"} above the \`handoff\` at ${at(step.pos)}, or put the \`handoff\` in a \`when\` so the other case goes on.`
        : `Move ${many === 1 ? "it" : "them"} above the either/or at ${at(step.pos)}, or let one of its ways go on without a \`handoff\`.`,
    );
  });
}

/** Whether the walk always ends at a hand-off at `steps[i]`: the step itself (width 1), or the either/or starting there (width 2). */
function endsAt(ctx: CheckContext, steps: readonly Step[], i: number): { width: 1 | 2 } | undefined {
  if (steps[i]?.kind === "handoff") return { width: 1 };
  const pair = eitherOrPair(steps, i, ctx.exprs);
  return pair && alwaysHandsOff(ctx, pair[0].steps) && alwaysHandsOff(ctx, pair[1].steps) ? { width: 2 } : undefined;
}

/** Whether every run of `steps` ends at a hand-off. */
function alwaysHandsOff(ctx: CheckContext, steps: readonly Step[]): boolean {
  return steps.some((_, i) => endsAt(ctx, steps, i) !== undefined);
}

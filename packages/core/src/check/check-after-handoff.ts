/**
 * step-after-handoff: a step after a `handoff` in the same list of steps. A hand-off ends the
 * conversation, so the steps after it never run (after a `when` holding one, the steps run only when its
 * condition is false, which is fine). Reported once, at the first step after it. Pure.
 */
import type { Step } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { at } from "./words.js";

export function checkAfterHandoff(ctx: CheckContext): void {
  visit(ctx, ctx.skill.steps);
}

function visit(ctx: CheckContext, steps: readonly Step[]): void {
  steps.forEach((step, i) => {
    if (step.kind === "when" || step.kind === "repeat") visit(ctx, step.steps);
    const next = steps[i + 1];
    if (step.kind !== "handoff" || !next) return;
    const many = steps.length - i - 1;
    ctx.report(
      "step-after-handoff", next.pos,
      `${many === 1 ? "This step" : `This step and the ${many - 1} after it`} never ${many === 1 ? "runs" : "run"}: the \`handoff\` at ${at(step.pos)} ends the conversation.`,
      `Move ${many === 1 ? "it" : "them"} above the \`handoff\` at ${at(step.pos)}, or put the \`handoff\` in a \`when\` so the other case goes on.`,
    );
  });
}

/**
 * duplicate-confirm: two confirm steps with one id. A yes is stored by id, so one answer could
 * satisfy both. Pure.
 */
import type { ConfirmStep } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { at } from "./words.js";

export function checkDuplicateConfirms(ctx: CheckContext): void {
  const first = new Map<string, ConfirmStep>();
  walkSteps(ctx, (step) => {
    if (step.kind !== "confirm") return;
    const earlier = first.get(step.confirm);
    if (!earlier) {
      first.set(step.confirm, step);
      return;
    }
    ctx.report(
      "duplicate-confirm", step.keys.confirm ?? step.pos,
      `The confirmation id \`${step.confirm}\` is already used by the confirm at ${at(earlier.pos)}.`,
      `Give this confirm its own id, e.g. \`${step.confirm}_${step.id.replace(/\./g, "_")}\`.`,
    );
  });
}

/**
 * confirm-covers-nothing (warning): a confirm whose region reaches no write on any path, so the yes
 * it asks for approves nothing. Pure.
 */
import type { CheckContext } from "./context.js";
import { gateAnalysisOf } from "./paths.js";
import { walkSteps } from "./walk-steps.js";

export function checkConfirmCoverage(ctx: CheckContext): void {
  const { regions } = gateAnalysisOf(ctx.skill);
  walkSteps(ctx, (step) => {
    if (step.kind !== "confirm" || (regions.get(step.id)?.length ?? 0) > 0) return;
    ctx.report(
      "confirm-covers-nothing", step.pos,
      `The confirm \`${step.confirm}\` covers no write: no \`do:\` of a write follows it before the next confirm or ask.`,
      "Move the writes it should approve right below it, or remove the confirm (use `ask` with a `yes_no` field for a plain question).",
    );
  });
}

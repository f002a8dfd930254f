/**
 * outcome-status-differs: two `end` steps name one outcome with different statuses. An outcome is what a
 * reviewer and a host read of how the conversation ended, so it has one status wherever it is reached.
 * Reported at each later `end` whose status differs from the first one's. Pure.
 */
import type { CheckContext } from "./context.js";
import { endSteps } from "./end-steps.js";
import { at } from "./words.js";
import type { EndStep } from "../format/ir.js";

export function checkOutcomeStatuses(ctx: CheckContext): void {
  const first = new Map<string, EndStep>();
  for (const { step } of endSteps(ctx.skill.steps)) {
    const earlier = first.get(step.outcome);
    if (!earlier) {
      first.set(step.outcome, step);
      continue;
    }
    if (earlier.status === step.status) continue;
    ctx.report(
      "outcome-status-differs", step.keys.status ?? step.pos,
      `\`${step.outcome}\` ends as \`${step.status}\` here, but as \`${earlier.status}\` at ${at(earlier.pos)}: an outcome has one status.`,
      `Give this \`end\` another outcome name, or the status of the one at ${at(earlier.pos)}.`,
    );
  }
}

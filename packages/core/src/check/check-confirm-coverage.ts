/**
 * confirm-covers-nothing (warning): a plain confirm whose region reaches no write on any path, so the
 * yes it asks for approves nothing. approval-covers-nothing (error): a `confirm … by:` that covers no
 * write on some path — an approval that releases nothing is a mistake in the skill. Both from the
 * coverage walks (check/coverage.ts). Pure.
 */
import { coverageOf } from "../compile/compile-skill.js";
import type { CheckContext } from "./context.js";
import { pathWords } from "./describe-gap.js";
import { walkSteps } from "./walk-steps.js";

export function checkConfirmCoverage(ctx: CheckContext): void {
  const coverage = coverageOf(ctx.skill);
  walkSteps(ctx, (step) => {
    if (step.kind !== "confirm") return;
    if (step.by) {
      const path = coverage.uncoveredPath(step.id);
      if (!path) return;
      const where = pathWords(path);
      ctx.report(
        "approval-covers-nothing", step.pos,
        `The approval \`${step.confirm}\` by \`${step.by}\` releases no write ${where ? `${where}` : "on any path"}: no \`do:\` of a write below it is covered by it there, so the approver would be asked to approve nothing.`,
        where
          ? "Move the approval next to the writes it approves (inside the same `when`), or move those writes out of the `when` so they follow it on every path."
          : "Put the writes it approves below it (an `ask` between them ends the approval only for writes that take its answer), or remove the `by:` confirm.",
      );
      return;
    }
    if (coverage.coversSome(step.id)) return;
    ctx.report(
      "confirm-covers-nothing", step.pos,
      `The confirm \`${step.confirm}\` covers no write: no \`do:\` of a write follows it without an ask in between of something that write takes.`,
      "Move the writes it should approve right below it, or remove the confirm (use `ask` with a `yes_no` field for a plain question).",
    );
  });
}

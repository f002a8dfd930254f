/**
 * unknown-field: an `ask` for a field that the Fields block does not declare and that is not a pick
 * (an ask with `from:` needs no declaration). Pure.
 */
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { didYouMeanPrefix } from "./words.js";

export function checkUnknownFields(ctx: CheckContext): void {
  const declared = Object.values(ctx.skill.fields).filter((f) => f.declared).map((f) => f.name);
  walkSteps(ctx, (step) => {
    if (step.kind !== "ask" || step.from || Object.hasOwn(ctx.skill.fields, step.field)) return;
    ctx.report(
      "unknown-field", step.fieldPos,
      `\`${step.field}\` is not declared in the Fields block, and this ask has no \`from:\` list.`,
      `${didYouMeanPrefix(step.field, declared)}Declare \`${step.field}\` under Fields with a shape (e.g. \`${step.field}: { text: true }\`), or add \`from: tool.list\` to make it a pick.`,
    );
  });
}

/**
 * unknown-tool: a `do:` step, or a field's `lookup:` shape, naming a tool tools.ts does not define. Pure.
 */
import type { Position } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { didYouMeanPrefix } from "./words.js";
import { ownValue } from "../own-value.js";

export function checkUnknownTools(ctx: CheckContext): void {
  walkSteps(ctx, (step) => {
    if (step.kind === "do" || step.kind === "handoff") reportIfUnknown(ctx, step.tool, step.toolPos);
  });
  for (const field of Object.values(ctx.skill.fields)) {
    if (field.shape.kind === "lookup") reportIfUnknown(ctx, field.shape.tool, field.shape.toolPos);
  }
}

function reportIfUnknown(ctx: CheckContext, tool: string, pos: Position): void {
  if (ownValue(ctx.skill.tools, tool)) return;
  const names = Object.keys(ctx.skill.tools);
  const defined = names.length === 0 ? "tools.ts defines no tools" : "tools.ts defines no tool by that name";
  ctx.report(
    "unknown-tool", pos,
    `\`${tool}\` is not a tool: ${defined}.`,
    `${didYouMeanPrefix(tool, names)}Use the name of a tool in tools.ts, or define \`${tool}\` there with \`lookup()\` or \`action()\`.`,
  );
}

/**
 * bad-lookup-shape: a field with `lookup: tool` needs a lookup (not a write) that takes the field's
 * value as an input of the same name and answers `known` (a yes/no) about it. Pure.
 */
import type { FieldDecl, ToolInfo } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { ownValue } from "../own-value.js";

export function checkLookupShapes(ctx: CheckContext): void {
  for (const field of Object.values(ctx.skill.fields)) {
    if (field.shape.kind !== "lookup") continue;
    const tool = ownValue(ctx.skill.tools, field.shape.tool);
    if (!tool) continue;
    const problem = lookupProblem(field, tool);
    if (problem) ctx.report("bad-lookup-shape", field.shape.toolPos, problem[0], problem[1]);
  }
}

function lookupProblem(field: FieldDecl, tool: ToolInfo): [string, string] | undefined {
  const name = tool.name;
  if (tool.kind !== "lookup") {
    const what = tool.kind === "handoff" ? "a hand-off tool" : "a write";
    return [`\`${name}\` is ${what}, so it cannot check answers to \`${field.name}\`.`, `Define \`${name}\` with \`lookup()\`, or give \`${field.name}\` another shape.`];
  }
  const known = tool.output.t === "object" ? tool.output.fields.known : undefined;
  if (!known || (known.t !== "bool" && known.t !== "dyn")) {
    const what = known ? "returns `known` that is not a yes/no" : "does not return `known`";
    return [`\`${name}\` ${what}, so it cannot say whether an answer to \`${field.name}\` is valid.`, `Add \`known: z.boolean()\` to the output schema of \`${name}\`.`];
  }
  if (!tool.params.some((p) => p.name === field.name)) {
    return [`\`${name}\` takes no input named \`${field.name}\`, so the answer cannot be passed to it.`, `Name one of the inputs of \`${name}\` \`${field.name}\` (inputs are bound by name).`];
  }
  return undefined;
}

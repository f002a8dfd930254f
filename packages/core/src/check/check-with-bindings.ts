/**
 * The `with:` of a `do:` step, against its tool. unknown-tool-input: a key that is not an input of the
 * tool. ill-typed-input: a value that does not type-check, or whose type the input does not take
 * (numbers widen: a whole number fits a number; an untyped side fits anything; an object must have
 * every property the input requires, each fitting). with-on-lookup: `with:` on a lookup, whose inputs
 * are bound by name wherever its output is read, so a `with:` on one `do:` would not reach those reads.
 * Unknown names and syntax in the values are the expression rules' (the values are expressions of the
 * step: expressions-of.ts). Pure.
 */
import type { DoStep, InputBinding, ToolInfo } from "../format/ir.js";
import type { Scope } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { didYouMeanPrefix, listNames } from "./words.js";
import { ownValue } from "../own-value.js";
import { fits, typeWords } from "./value-fits.js";
import { inFileOf } from "../format/in-file-of.js";

export function checkWithBindings(ctx: CheckContext): void {
  walkSteps(ctx, (step, place) => {
    if ((step.kind !== "do" && step.kind !== "handoff") || !step.with) return;
    const tool = ownValue(ctx.skill.tools, step.tool);
    if (!tool) return;
    if (tool.kind === "lookup") return step.kind === "do" ? withOnLookup(ctx, step, tool) : undefined;
    for (const binding of step.with) checkBinding(ctx, binding, tool, place.scope);
  });
}

function withOnLookup(ctx: CheckContext, step: DoStep, tool: ToolInfo): void {
  ctx.report(
    "with-on-lookup", step.keys.with ?? step.pos,
    `\`with:\` is on \`do: ${tool.name}\`, a lookup: a lookup's inputs are bound by name wherever its output is read, so this \`with:\` would not reach those reads.`,
    `Remove \`with:\`, and give the lookup its inputs by name (a field or a tool output named ${listNames(tool.params.map((p) => p.name)) || "as its inputs are"}).`,
  );
}

function checkBinding(ctx: CheckContext, binding: InputBinding, tool: ToolInfo, scope: Scope): void {
  const param = tool.params.find((p) => p.name === binding.input);
  const names = tool.params.map((p) => p.name);
  if (!param) {
    ctx.report(
      "unknown-tool-input", binding.inputPos,
      `\`${binding.input}\` is not an input of \`${tool.name}\`, whose inputs are ${names.map((n) => `\`${n}\``).join(", ") || "none"}.`,
      `${didYouMeanPrefix(binding.input, names)}Bind one of the inputs of \`${tool.name}\`, or remove \`${binding.input}\` from \`with:\`.`,
    );
    return;
  }
  const result = ctx.exprs.typeCheck(binding.value, scope);
  if (!result.ok) {
    if (result.kind !== "type") return; // syntax and unknown names: their own rules
    const at = inFileOf(binding.value.pos, { line: result.line ?? binding.value.pos.line, column: result.column ?? binding.value.pos.column });
    ctx.report("ill-typed-input", at, `The value of \`${param.name}\` in \`with:\`, \`${binding.value.source}\`, does not type-check: ${result.message}.`, FIX);
    return;
  }
  const type = ctx.exprs.valueType(binding.value, scope) ?? { t: "dyn" };
  if (fits(type, param.type)) return;
  ctx.report(
    "ill-typed-input", binding.value.pos,
    `\`with:\` gives \`${param.name}\` the value of \`${binding.value.source}\`, ${typeWords(type)}, but \`${tool.name}\` takes \`${param.name}\` as ${typeWords(param.type)}.`,
    `Bind \`${param.name}\` to an expression that gives ${typeWords(param.type)}${param.type.t === "list" ? ", like `order.items.map(i, i.item_id)`" : ""}.`,
  );
}

const FIX = "Write an expression of the type the input takes, over fields, tool outputs and loop variables.";

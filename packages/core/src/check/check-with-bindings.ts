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

export function checkWithBindings(ctx: CheckContext): void {
  walkSteps(ctx, (step, place) => {
    if (step.kind !== "do" || !step.with) return;
    const tool = ownValue(ctx.skill.tools, step.tool);
    if (!tool) return;
    if (tool.kind === "lookup") return withOnLookup(ctx, step, tool);
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
    const at = { line: result.line ?? binding.value.pos.line, column: result.column ?? binding.value.pos.column };
    ctx.report("ill-typed-input", at, `The value of \`${param.name}\` in \`with:\`, \`${binding.value.source}\`, does not type-check: ${result.message}.`, FIX);
    return;
  }
  const type = ctx.exprs.valueType(binding.value, scope) ?? { t: "dyn" };
  if (fitsInput(type, param.type)) return;
  ctx.report(
    "ill-typed-input", binding.value.pos,
    `\`with:\` gives \`${param.name}\` the value of \`${binding.value.source}\`, ${typeWords(type)}, but \`${tool.name}\` takes \`${param.name}\` as ${typeWords(param.type)}.`,
    `Bind \`${param.name}\` to an expression that gives ${typeWords(param.type)}${param.type.t === "list" ? ", like `order.items.map(i, i.item_id)`" : ""}.`,
  );
}

const FIX = "Write an expression of the type the input takes, over fields, tool outputs and loop variables.";

/** Does a value of type `value` fit an input of type `input`? Pure. */
export function fitsInput(value: ValueType, input: ValueType): boolean {
  if (value.t === "dyn" || input.t === "dyn") return true;
  if (value.t === "int" && input.t === "double") return true;
  if (value.t === "list" || input.t === "list") return value.t === "list" && input.t === "list" && fitsInput(value.of, input.of);
  if (value.t === "object" && input.t === "object") {
    const optional = new Set(input.optional ?? []);
    return Object.entries(input.fields).every(([key, type]) => {
      const own = ownValue(value.fields, key);
      return own === undefined ? optional.has(key) : fitsInput(own, type);
    });
  }
  return value.t === input.t;
}

/** A value type in words: "text", "a whole number", "a list of text". Pure. */
function typeWords(type: ValueType): string {
  switch (type.t) {
    case "string": return "text";
    case "int": return "a whole number";
    case "double": return "a number";
    case "bool": return "yes or no";
    case "null": return "nothing";
    case "list": return `a list of ${type.of.t === "string" ? "text" : typeWords(type.of).replace(/^an? /, "")}${type.of.t === "string" || type.of.t === "dyn" ? "" : "s"}`;
    case "object": return `an object (${Object.keys(type.fields).join(", ")})`;
    case "dyn": return "any value";
  }
}

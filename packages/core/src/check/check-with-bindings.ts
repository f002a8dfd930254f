/**
 * The `with:` of a `do:` step, against its tool. unknown-tool-input: a key that is not an input of the
 * tool. ill-typed-input: a value that does not type-check, or whose type the input does not take
 * (numbers widen: a whole number fits a number; an untyped side fits anything; an object must have
 * every property the input requires, each fitting). A lookup's `with:` binds it wherever it runs or is
 * read (lookup-bindings.ts), so it is checked the same way. with-on-lookup: a second `do:` of one lookup
 * with a different `with:`, which would not be the one used (the first is), or a lookup's `with:` that
 * reads the lookup itself.
 * Unknown names and syntax in the values are the expression rules' (the values are expressions of the
 * step: expressions-of.ts). Pure.
 */
import type { DoStep, InputBinding, ToolInfo } from "../format/ir.js";
import type { Scope } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { didYouMeanPrefix } from "./words.js";
import { lookupBindings } from "../compile/lookup-bindings.js";
import { ownValue } from "../own-value.js";
import { fits, typeWords } from "./value-fits.js";
import { inFileOf } from "../format/in-file-of.js";

export function checkWithBindings(ctx: CheckContext): void {
  walkSteps(ctx, (step, place) => {
    if ((step.kind !== "do" && step.kind !== "handoff") || !step.with) return;
    const tool = ownValue(ctx.skill.tools, step.tool);
    if (!tool) return;
    const first = step.kind === "do" && tool.kind === "lookup" ? lookupBindings(ctx.skill, tool.name) : undefined;
    if (step.kind === "do" && first && first !== step.with && !sameBindings(first, step.with)) return withOnLookup(ctx, step, tool, first);
    if (first === step.with) readsItself(ctx, step as DoStep, tool);
    for (const binding of step.with) checkBinding(ctx, binding, tool, place.scope);
  });
}

function withOnLookup(ctx: CheckContext, step: DoStep, tool: ToolInfo, first: readonly InputBinding[]): void {
  const line = first[0]?.inputPos.line ?? step.pos.line;
  ctx.report(
    "with-on-lookup", step.keys.with ?? step.pos,
    `This \`with:\` on \`do: ${tool.name}\` differs from the one at line ${line}: a lookup's \`with:\` binds its inputs wherever it runs or is read, so only the first one is used.`,
    `Give every \`do: ${tool.name}\` the same \`with:\` (or none after the first), or declare a second lookup in tools.ts for the other inputs.`,
  );
}

/** A lookup's `with:` reading the lookup's own output: its inputs would wait on its result. */
function readsItself(ctx: CheckContext, step: DoStep, tool: ToolInfo): void {
  const own = step.with!.find((b) => ctx.exprs.refs(b.value).some((r) => r.root === tool.name));
  if (!own) return;
  ctx.report(
    "with-on-lookup", own.value.pos,
    `The \`with:\` of \`do: ${tool.name}\` gives \`${own.input}\` from \`${own.value.source}\`, which reads \`${tool.name}\` itself: its inputs would wait on its own output.`,
    `Bind \`${own.input}\` from fields, loop variables or other tools' outputs.`,
  );
}

const sameBindings = (a: readonly InputBinding[], b: readonly InputBinding[]): boolean =>
  a.length === b.length && a.every((x) => b.some((y) => y.input === x.input && y.value.source === x.value.source));

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

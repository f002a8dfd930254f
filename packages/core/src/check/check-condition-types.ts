/**
 * ill-typed-condition: an expression that does not type-check (text compared with a number, an
 * operator on the wrong types, a property of a value that has none), or a `when`/`check:` condition
 * that is not a yes/no, or a `switch` value that is not a text (or a number or yes/no written as one). ill-typed-hole: the same for a `{hole}` of a say, question or card, told as a
 * value to show rather than a condition to compare. (A `with:` value is checked against its tool input
 * instead: check-with-bindings.ts.) Pure.
 */
import { describeCelType } from "../expr/explain-error.js";
import type { Expr } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import type { ExprRole } from "./expressions-of.js";
import { walkExpressions } from "./walk-steps.js";
import { inFileOf } from "../format/in-file-of.js";

export function checkConditionTypes(ctx: CheckContext): void {
  walkExpressions(ctx, ({ expr, role, place }) => {
    if (role === "input") return; // a `with:` value: ill-typed-input (check-with-bindings.ts)
    if (role === "default") return; // a field's default: ill-typed-default (check-values.ts)
    const result = ctx.exprs.typeCheck(expr, place.scope);
    if (!result.ok) {
      if (result.kind !== "type") return;
      const at = inFileOf(expr.pos, { line: result.line ?? expr.pos.line, column: result.column ?? expr.pos.column });
      if (role === "hole") ctx.report("ill-typed-hole", at, `The hole \`{${expr.source}}\` does not type-check: ${result.message}.`, holeFix(result.noPropertiesOn));
      else ctx.report("ill-typed-condition", at, `\`${expr.source}\` does not type-check: ${result.message}.`, conditionFix(result.noPropertiesOn));
      return;
    }
    if ((role === "condition" || role === "check" || role === "until") && result.type !== "bool" && result.type !== "dyn") notYesNo(ctx, expr, role, result.type);
    if (role === "switch" && !["string", "int", "bool", "dyn"].includes(result.type)) {
      ctx.report("ill-typed-condition", expr.pos, `\`${expr.source}\` is ${describeCelType(result.type)}, not a text, so a \`switch\` cannot choose a way by it.`, "Switch on a text: a choices field, or a tool output declared `z.enum([...])`.");
    }
  });
}

function notYesNo(ctx: CheckContext, expr: Expr, role: ExprRole, type: string): void {
  ctx.report(
    "ill-typed-condition", expr.pos,
    `\`${expr.source}\` is ${describeCelType(type)}, not a yes/no, so it cannot be a ${role === "check" ? "check" : "condition"}.`,
    "Write a comparison or a yes/no value, e.g. `" + example(expr.source, type) + "`.",
  );
}

function conditionFix(noPropertiesOn: string | undefined): string {
  if (noPropertiesOn !== undefined) return `Use \`${noPropertiesOn}\` itself, or a property of a value that has them, like \`quote_trip.total\`.`;
  return "Compare values of the same kind: text with quoted text, numbers with numbers (write `1.0` to make a whole number a decimal).";
}

function holeFix(noPropertiesOn: string | undefined): string {
  if (noPropertiesOn !== undefined) return `Write \`{${noPropertiesOn}}\` to show it as it is, or read a property of a value that has them, like \`{quote_trip.total}\`.`;
  return "A hole shows one value: a field, a tool's output or one of its properties, like `{quote_trip.total}`; to show two values, give each its own hole, and combine only values of the same kind (write `1.0` to make a whole number a decimal).";
}

function example(source: string, type: string): string {
  if (type === "string") return `${source} == "…"`;
  if (type === "int" || type === "double") return `${source} > 0`;
  if (type.startsWith("list")) return `size(${source}) > 0`;
  return `${source} != null`;
}

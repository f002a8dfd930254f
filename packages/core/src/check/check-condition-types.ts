/**
 * ill-typed-condition: an expression that does not type-check (text compared with a number, an
 * operator on the wrong types), or a `when`/`check:` condition that is not a yes/no. Pure.
 */
import { describeCelType } from "../expr/explain-error.js";
import type { CheckContext } from "./context.js";
import { walkExpressions } from "./walk-steps.js";

export function checkConditionTypes(ctx: CheckContext): void {
  walkExpressions(ctx, ({ expr, role, place }) => {
    const result = ctx.exprs.typeCheck(expr, place.scope);
    if (!result.ok) {
      if (result.kind !== "type") return;
      ctx.report(
        "ill-typed-condition", { line: result.line ?? expr.pos.line, column: result.column ?? expr.pos.column },
        `\`${expr.source}\` does not type-check: ${result.message}.`,
        "Compare values of the same kind: text with quoted text, numbers with numbers (write `1.0` to make a whole number a decimal).",
      );
      return;
    }
    if ((role === "condition" || role === "check") && result.type !== "bool" && result.type !== "dyn") {
      ctx.report(
        "ill-typed-condition", expr.pos,
        `\`${expr.source}\` is ${describeCelType(result.type)}, not a yes/no, so it cannot be a ${role === "check" ? "check" : "condition"}.`,
        "Write a comparison or a yes/no value, e.g. `" + example(expr.source, result.type) + "`.",
      );
    }
  });
}

function example(source: string, type: string): string {
  if (type === "string") return `${source} == "…"`;
  if (type === "int" || type === "double") return `${source} > 0`;
  if (type.startsWith("list")) return `size(${source}) > 0`;
  return `${source} != null`;
}

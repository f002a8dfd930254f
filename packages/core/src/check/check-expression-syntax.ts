/**
 * expression-syntax: a condition, check, list or template hole that CEL cannot parse. Pure.
 */
import type { CheckContext } from "./context.js";
import { walkExpressions } from "./walk-steps.js";
import { inFileOf } from "../format/in-file-of.js";

export function checkExpressionSyntax(ctx: CheckContext): void {
  walkExpressions(ctx, ({ expr, role, place }) => {
    const result = ctx.exprs.typeCheck(expr, place.scope);
    if (result.ok || result.kind !== "syntax") return;
    const what = role === "hole" ? `The hole \`{${expr.source}}\`` : `\`${expr.source}\``;
    ctx.report(
      "expression-syntax", inFileOf(expr.pos, { line: result.line ?? expr.pos.line, column: result.column ?? expr.pos.column }),
      `${what} is not a valid expression: ${result.message}.`,
      "Write a CEL expression over fields and tool outputs, e.g. `quote_trip.total > 100` (text in double quotes).",
    );
  });
}

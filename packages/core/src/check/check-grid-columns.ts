/**
 * unknown-reference, for a pick's `columns:`: every column names a property of the rows of its
 * `from:` list, as the lookup's output schema declares them. (A `from:` that is not a list of rows is
 * bad-from's to report.) Pure.
 */
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { didYouMeanPrefix, listNames } from "./words.js";

export function checkGridColumns(ctx: CheckContext): void {
  walkSteps(ctx, (step, place) => {
    if (step.kind !== "ask" || !step.from || !step.columns) return;
    const list = ctx.exprs.valueType(step.from, place.scope);
    const row = list?.t === "list" && list.of.t === "object" ? list.of : undefined;
    if (!row) return;
    const known = Object.keys(row.fields);
    for (const column of step.columns) {
      if (Object.hasOwn(row.fields, column.key)) continue;
      ctx.report(
        "unknown-reference", column.pos,
        `\`${column.key}\` in \`columns:\` is not a property of the rows of \`${step.from.source}\`.`,
        `${didYouMeanPrefix(column.key, known)}Use one of its properties: ${listNames(known)}.`,
      );
    }
  });
}

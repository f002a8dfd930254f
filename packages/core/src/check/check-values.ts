/**
 * The `## Values` block: value-name-clash (a value named like a field, a tool, a loop variable or a
 * gathered list), value-cycle (a value that reads itself, directly or through other values), and a
 * value's expression that does not parse (expression-syntax), names what the skill does not have
 * (unknown-reference) or does not type-check (ill-typed-value). Such a value is not written out where
 * it is read (expr/expand-values.ts), so each problem is reported once, here. Pure.
 */
import { namesTaken, valueReads, valuesOnCycles } from "../expr/expand-values.js";
import { inFileOf } from "../format/in-file-of.js";
import type { ValueDecl } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { listNames } from "./words.js";

export function checkValues(ctx: CheckContext): void {
  const values = ctx.skill.values;
  if (!values) return;
  const taken = namesTaken(ctx.skill);
  const cycles = new Set(valuesOnCycles(values));
  const reads = valueReads(values);
  for (const decl of Object.values(values)) {
    const what = taken.get(decl.name);
    if (what) {
      ctx.report("value-name-clash", decl.pos, `Value \`${decl.name}\` has the name of ${what}, so \`${decl.name}\` would mean two things.`, `Rename the value, like \`${decl.name}_value\`.`);
    } else if (cycles.has(decl.name)) {
      reportCycle(ctx, decl, (reads.get(decl.name) ?? []).filter((name) => cycles.has(name) && name !== decl.name));
    } else reportExpression(ctx, decl);
  }
}

function reportCycle(ctx: CheckContext, decl: ValueDecl, through: string[]): void {
  const via = through.length > 0 ? `, through ${listNames(through)}` : "";
  ctx.report("value-cycle", decl.pos, `Value \`${decl.name}\` reads itself${via}, so it never has a value.`, `Write \`${decl.name}\` from fields and tool outputs, not from a value that reads it back.`);
}

function reportExpression(ctx: CheckContext, decl: ValueDecl): void {
  const result = ctx.exprs.typeCheck(decl.expr);
  if (result.ok) return;
  const at = inFileOf(decl.expr.pos, { line: result.line ?? decl.expr.pos.line, column: result.column ?? decl.expr.pos.column });
  if (result.kind === "syntax") {
    ctx.report("expression-syntax", at, `Value \`${decl.name}\`, \`${decl.expr.source}\`, is not a valid expression: ${result.message}.`, "Write a CEL expression over fields, tool outputs and other values, e.g. `round(quote.total * 1.2, 2)`.");
  } else if (result.kind === "unknown") {
    ctx.report("unknown-reference", at, `In value \`${decl.name}\`, ${result.message}.`, "Read fields, tool outputs, gathered lists and other values the skill has.");
  } else {
    ctx.report("ill-typed-value", at, `Value \`${decl.name}\`, \`${decl.expr.source}\`, does not type-check: ${result.message}.`, "Combine values of the same kind: text with text, numbers with numbers (`double(nights)` makes a whole number a decimal).");
  }
}

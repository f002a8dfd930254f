/**
 * The `## Values` block: named expressions (`total: "round(quote.fare * nights, 2)"`), each read
 * wherever an expression is and evaluated on demand. Each entry is a usable name and one expression
 * written as text; anything else is `invalid-values`, located, and left out while the rest is kept.
 * What the names and expressions mean (clashes, cycles, types) is checked later (check/check-values.ts).
 * Pure.
 */
import { isScalar } from "yaml";
import type { ValueDecl } from "./ir.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, describeNode, exprOf, isIdentifier, keyName, unusableNameFix } from "./yaml-node.js";

const EXAMPLE = '`total: "round(quote.fare * nights, 2)"`';

/** Parse the Values block's document contents into declarations by name, in the order written. */
export function parseValues(contents: unknown, ctx: BlockContext): Record<string, ValueDecl> {
  const values: Record<string, ValueDecl> = {};
  if (contents === null || contents === undefined || (isScalar(contents) && contents.value === null)) return values;
  const map = asMap(contents);
  if (!map) {
    ctx.report("invalid-values", ctx.pos(contents), `The Values block is ${describeNode(contents)}, not a mapping of names to expressions.`, `Write one value per line, like ${EXAMPLE}.`);
    return values;
  }
  for (const pair of map.items) {
    const name = keyName(pair);
    if (name === undefined || !isIdentifier(name)) {
      const fix = unusableNameFix(name, "Name values with letters, digits and `_`, starting with a letter, like `total`.");
      ctx.report("invalid-values", ctx.pos(pair.key), `\`${name ?? describeNode(pair.key)}\` is not a usable value name.`, fix);
      continue;
    }
    if (Object.hasOwn(values, name)) {
      ctx.report("invalid-values", ctx.pos(pair.key), `Value \`${name}\` is named twice (first on line ${values[name]!.pos.line}).`, "Remove one of them, or rename one.");
      continue;
    }
    const expr = isScalar(pair.value) ? exprOf(pair.value, ctx) : undefined;
    if (!expr) {
      ctx.report("invalid-values", ctx.pos(pair.value ?? pair.key), `Value \`${name}\` is ${describeNode(pair.value)}, not an expression.`, `Write the expression as text, like ${EXAMPLE}.`);
      continue;
    }
    values[name] = { name, expr, pos: ctx.pos(pair.key) };
  }
  return values;
}

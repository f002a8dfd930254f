/**
 * `columns:` on a pick's ask: which row properties its grid shows, in order, and what each header says.
 *
 *   columns: { name: Hotel, stars: Stars, nightly_rate: "Per night (EUR)" }   # property: header
 *   columns: [name, stars, nightly_rate]                                      # headers from the names
 *
 * Without `columns:` a grid shows every property, each headed by its name in words (`headerFor`).
 * Whether each name is a property of the rows is checked against the lookup's output
 * (check-grid-columns.ts). Pure.
 */
import { isMap, isSeq } from "yaml";
import type { GridColumn } from "./ir.js";
import type { BlockContext } from "./yaml-block.js";
import { describeNode, keyName, scalarText, type YamlPair } from "./yaml-node.js";
import { nameOf } from "./value-forms.js";

const EXAMPLE = 'Write `columns: { name: Hotel, nightly_rate: "Per night (EUR)" }`, or a list of the row\'s property names.';

/** The columns of `pair`, or undefined when there is none or it is reported as malformed. */
export function parseColumns(pair: YamlPair | undefined, hasFrom: boolean, ctx: BlockContext): GridColumn[] | undefined {
  if (!pair) return undefined;
  const at = ctx.pos(pair.value ?? pair.key);
  const columns = isSeq(pair.value) ? fromList(pair.value.items, ctx) : isMap(pair.value) ? fromMapping(pair.value.items as YamlPair[], ctx) : undefined;
  if (!columns || columns.length === 0) {
    ctx.report("invalid-step", at, `\`columns:\` is ${describeNode(pair.value)}, not row properties with their headers.`, EXAMPLE);
    return undefined;
  }
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column.key)) ctx.report("invalid-step", column.pos, `\`${column.key}\` is in \`columns:\` twice.`, "Show each property once.");
    seen.add(column.key);
  }
  // The form first, as the JSON Schema sees it; then what only the parser checks (the ask has `from:`).
  if (!hasFrom) {
    ctx.report("invalid-step", ctx.pos(pair.key), "`columns:` is on an ask without `from:`, so there is no grid of rows to show.", "Add `from:` with the lookup's list, or remove `columns:`.");
    return undefined;
  }
  return columns;
}

function fromList(items: unknown[], ctx: BlockContext): GridColumn[] | undefined {
  const columns: GridColumn[] = [];
  for (const item of items) {
    const key = nameOf(item);
    if (key === undefined) return badItem(item, ctx);
    columns.push({ key, label: headerFor(key), pos: ctx.pos(item) });
  }
  return columns;
}

function fromMapping(pairs: YamlPair[], ctx: BlockContext): GridColumn[] | undefined {
  const columns: GridColumn[] = [];
  for (const pair of pairs) {
    const key = keyName(pair);
    const label = scalarText(pair.value)?.trim();
    if (key === undefined || nameOf(pair.key) === undefined) return badItem(pair.key, ctx);
    if (!label) {
      ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), `The header of \`${key}\` in \`columns:\` is ${describeNode(pair.value)}, not text.`, EXAMPLE);
      return undefined;
    }
    columns.push({ key, label, pos: ctx.pos(pair.key) });
  }
  return columns;
}

function badItem(node: unknown, ctx: BlockContext): undefined {
  ctx.report("invalid-step", ctx.pos(node), `${describeNode(node)} in \`columns:\` is not the name of a row property.`, EXAMPLE);
  return undefined;
}

/** A property name as a header: `nightly_rate` → "Nightly rate", `id` → "ID", `hotel_id` → "Hotel ID". Pure. */
export function headerFor(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[_\s]+/).filter(Boolean).map((w) => (/^id$/i.test(w) ? "ID" : w.toLowerCase()));
  const text = words.join(" ") || key;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

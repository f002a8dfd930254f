/**
 * Small readers over `yaml` nodes used by the block parsers. Pure.
 */
import { isMap, isScalar, isSeq, Scalar, type Pair, type YAMLMap, type YAMLSeq } from "yaml";
import type { BlockContext } from "./yaml-block.js";
import type { Expr, Position } from "./ir.js";

export type YamlPair = Pair<unknown, unknown>;

export function asMap(node: unknown): YAMLMap<unknown, unknown> | undefined {
  return isMap(node) ? node : undefined;
}

export function asSeq(node: unknown): YAMLSeq<unknown> | undefined {
  return isSeq(node) ? node : undefined;
}

/** A pair's key as text (`check_arrival.ok`, `nights`), or undefined for complex keys. */
export function keyName(pair: YamlPair): string | undefined {
  return isScalar(pair.key) && pair.key.value !== null ? String(pair.key.value) : undefined;
}

/**
 * A scalar's value as text. Numbers and booleans are written back as text (`when: true`, `say: 42`);
 * null, collections and aliases give undefined.
 */
export function scalarText(node: unknown): string | undefined {
  if (!isScalar(node) || node.value === null || node.value === undefined) return undefined;
  const value = node.value;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return typeof node.source === "string" ? node.source : String(value);
  }
  return undefined;
}

/** A short rendering of a node for messages: its text, or "a list", "a mapping", "nothing". */
export function describeNode(node: unknown): string {
  if (isSeq(node)) return "a list";
  if (isMap(node)) return "a mapping";
  if (isScalar(node)) return node.value === null ? "nothing" : `\`${String(node.value).slice(0, 40)}\``;
  return "nothing";
}

/** Is the scalar written with quotes (its first character in the source is the quote)? */
function isQuoted(node: unknown): boolean {
  return isScalar(node) && (node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE);
}

/** Where a scalar's text starts and ends in the file (inside the quotes, if quoted). */
export function textPos(node: unknown, ctx: BlockContext): Position {
  const range = (node as { range?: [number, number, number] }).range;
  if (!range) return ctx.pos(node);
  const inset = isQuoted(node) ? 1 : 0;
  const start = ctx.at(range[0] + inset);
  const end = ctx.at(Math.max(range[0] + inset, range[1] - inset));
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/**
 * An expression written as a scalar (`when:`, `from:`, `in:`, a `check:` key), or undefined if empty.
 * A plain scalar written over several lines keeps its line breaks (YAML would fold them into spaces;
 * CEL reads both as whitespace), so an offset in the source still maps to its line and column.
 */
export function exprOf(node: unknown, ctx: BlockContext): Expr | undefined {
  const value = scalarText(node)?.trim();
  if (!value) return undefined;
  const range = (node as { range?: [number, number, number] }).range;
  const raw = range ? ctx.text.slice(range[0], range[1]).trimEnd() : "";
  const plain = isScalar(node) && node.type === Scalar.PLAIN;
  const source = plain && raw.includes("\n") ? raw : value;
  return { source, pos: textPos(node, ctx) };
}

/**
 * Is `name` usable as a field, tool, confirm or loop-variable name (and so as a CEL identifier)?
 * Not `__proto__`: a JavaScript object cannot hold it as a plain key, so no record of names could. Pure.
 */
export function isIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name !== "__proto__";
}

/** The fix for an unusable name: `usual`, or, for `__proto__`, why it is reserved. Pure. */
export function unusableNameFix(name: string | undefined, usual: string): string {
  return name === "__proto__" ? "`__proto__` is reserved by JavaScript; choose another name, like `proto`." : usual;
}

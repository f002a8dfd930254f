/**
 * Where an editor position falls in SKILL.md's Fields, Steps, Limits or Values block: the YAML path from the block's
 * root (`[3, "ask"]`), whether it is on a key or in a value, and the scalar's text around it. For
 * completion the text is read with a marker word inserted at the cursor (and `:` after it where a key
 * is being typed), so that half-written YAML still parses into the node being written. Pure.
 */
import { normalizeText } from "../format/check-text.js";
import { findBlocks, type SourceBlock } from "../format/find-blocks.js";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";

/** The word put at the cursor for completion; it never appears in a real skill. */
export const MARKER = "zzSkillflowCursorzz";

export type YamlPath = Array<string | number>;

export interface BlockPlace {
  block: "fields" | "steps" | "limits" | "values";
  /** Keys and list indexes from the block's root to the mapping (role key) or the value (role value). */
  path: YamlPath;
  role: "key" | "value";
  /** The other keys of the mapping the cursor's key is in (role key). */
  siblings: string[];
  /** For each step of `path`, the keys of the mapping there (`[]` for a list): `levels[2]` is `path[2]`'s mapping's. */
  levels: string[][];
  /** The scalar as written (quotes included), the marker taken out. */
  raw: string;
  /** Where the cursor is in `raw`. */
  at: number;
}

/** The place of the 0-based `line`/`character` in `text`; `complete` reads it with the marker inserted. */
export function locateInBlock(text: string, line: number, character: number, complete: boolean): BlockPlace | undefined {
  const found = findBlocks(normalizeText(text), () => undefined);
  for (const block of ["fields", "steps", "limits", "values"] as const) {
    const source = found[block];
    const offset = source && offsetIn(source, line, character);
    if (source && offset !== undefined) return placeIn(source.text, offset, block, complete);
  }
  return undefined;
}

/** The offset in the block's YAML of a file position, or undefined when it is outside the block. */
function offsetIn(block: SourceBlock, line: number, character: number): number | undefined {
  const lines = block.text.split("\n");
  const index = line + 1 - block.line;
  if (index < 0 || index >= lines.length) return undefined;
  const column = Math.min(Math.max(0, character - (block.shifts[index] ?? 0)), lines[index]?.length ?? 0);
  return lines.slice(0, index).reduce((sum, l) => sum + l.length + 1, 0) + column;
}

function placeIn(yaml: string, offset: number, block: BlockPlace["block"], complete: boolean): BlockPlace | undefined {
  const text = complete ? withMarker(yaml, offset) : yaml;
  const doc = parseDocument(text, { uniqueKeys: false });
  const hit = walk(doc.contents, offset, []);
  if (!hit) return undefined;
  const range = (hit.node as { range: [number, number, number] }).range;
  const rawWithMarker = text.slice(range[0], range[1]);
  const at = offset - range[0];
  const raw = complete ? rawWithMarker.replace(MARKER, "") : rawWithMarker;
  const clean = (keys: string[]) => keys.filter((key) => !key.includes(MARKER));
  return { block, path: hit.path, role: hit.role, siblings: clean(hit.siblings), levels: hit.levels.map(clean), raw, at };
}

/**
 * The block with the marker at `offset`, followed by `:` where a key is being written: on a line that
 * holds only the start of a key (`  wid`, `- co`), or after `{`/`,` in a flow mapping (`{ nu`).
 */
function withMarker(yaml: string, offset: number): string {
  const lineStart = yaml.lastIndexOf("\n", offset - 1) + 1;
  const lineEnd = yaml.indexOf("\n", offset) < 0 ? yaml.length : yaml.indexOf("\n", offset);
  const before = yaml.slice(lineStart, offset);
  const after = yaml.slice(offset, lineEnd);
  const blockKey = /^\s*(?:-\s+)*\w*$/.test(before) && after.trim() === "";
  const flowKey = !insideQuotes(before) && /[{,]\s*\w*$/.test(before) && innermostBracket(before) === "{" && !/^\w*\s*:/.test(after);
  const suffix = blockKey ? ":" : flowKey ? ": " : "";
  return `${yaml.slice(0, offset)}${MARKER}${suffix}${yaml.slice(offset)}`;
}

interface Hit {
  path: YamlPath;
  role: "key" | "value";
  node: unknown;
  siblings: string[];
  levels: string[][];
}

function walk(node: unknown, offset: number, path: YamlPath, levels: string[][] = []): Hit | undefined {
  if (isMap(node)) {
    const keys = node.items.map((pair) => keyText(pair.key));
    const here = [...levels, keys];
    for (const pair of node.items) {
      if (contains(pair.key, offset)) return { path, role: "key", node: pair.key, siblings: keys, levels: here };
      if (contains(pair.value, offset)) return walk(pair.value, offset, [...path, keyText(pair.key).replace(MARKER, "")], here);
    }
    return undefined;
  }
  if (isSeq(node)) {
    const index = node.items.findIndex((item) => contains(item, offset));
    return index < 0 ? undefined : walk(node.items[index], offset, [...path, index], [...levels, []]);
  }
  return isScalar(node) && contains(node, offset) ? { path, role: "value", node, siblings: [], levels } : undefined;
}

function contains(node: unknown, offset: number): boolean {
  const range = (node as { range?: [number, number, number] } | null)?.range;
  return Boolean(range) && range![0] <= offset && offset <= range![1];
}

function keyText(key: unknown): string {
  return isScalar(key) ? String(key.value) : "";
}

/** Is the end of `text` inside a quoted string? (Escaped `\"` and doubled `''` count as text.) */
export function insideQuotes(text: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote === '"' && c === "\\") i++;
    else if (quote === "'" && c === "'" && text[i + 1] === "'") i++;
    else if (quote === undefined && (c === '"' || c === "'")) quote = c;
    else if (c === quote) quote = undefined;
  }
  return quote !== undefined;
}

/** The innermost `{` or `[` left open in `text` (outside quotes), if any. */
function innermostBracket(text: string): string | undefined {
  const open: string[] = [];
  let quoted = "";
  for (const c of text) {
    quoted += c;
    if (insideQuotes(quoted)) continue;
    if (c === "{" || c === "[") open.push(c);
    else if (c === "}" || c === "]") open.pop();
  }
  return open[open.length - 1];
}

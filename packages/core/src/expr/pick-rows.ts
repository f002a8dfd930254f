/**
 * The picked row of a pick, by the pick's name: `hotel_id.name` reads the `name` of the row picked for
 * `hotel_id` (asked with `from: search_hotels.hotels`), while `hotel_id` alone stays the row's `id`.
 * CEL has no such reading of a text value, so before CEL sees an expression each pick read with a
 * property is written out as the row it names:
 *
 *   hotel_id.name  →  search_hotels.hotels.filter(__picked, __picked.id == hotel_id)[0].name
 *
 * A pick of several rows (`many: true`) reads the picked rows' property as a list, in the list's order:
 *
 *   item_ids.name  →  order.items.filter(__picked, __picked.id in item_ids).map(__picked, __picked.name)
 *
 * The rewritten expression reads the list and the pick (so the lookup runs, and a change of either is
 * seen by the checks and the runtime like any other read), and is typed by the list's row type.
 * Offsets in it are mapped back to the expression as written, and messages name the pick, not the
 * expansion. Pure.
 */
import type { ASTNode } from "@marcbachmann/cel-js";
import type { Skill } from "../format/ir.js";
import { collectRefs } from "./collect-refs.js";
import type { ExprRef } from "./types.js";

/** The loop variable of the expansion: not a name a field or tool may take (`__` is reserved here). */
const ROW = "__picked";

export interface Expansion {
  /** The source CEL reads. */
  source: string;
  /** An offset in `source` as an offset in the expression as written. */
  back(offset: number): number;
  /** A message about `source`, with each expansion shown as the pick it stands for. */
  words(message: string): string;
}

/** One stretch of an expression written out: at `at` as written (`written`), at `from`..`to` in the source CEL reads (`text`). */
export interface WriteOutEdit { at: number; from: number; to: number; written: string; text: string }

/** An offset in the written-out source as an offset in the expression as written, through its edits (in order). Pure. */
export function offsetAsWritten(edits: readonly WriteOutEdit[], offset: number): number {
  let shift = 0;
  for (const edit of edits) {
    if (offset < edit.from) break;
    if (offset < edit.to) return edit.at;
    shift += edit.text.length - edit.written.length;
  }
  return offset - shift;
}

/** A pick: the list it is picked from, as written, and whether it takes several rows (`many: true`). */
export interface PickSource {
  list: string;
  many: boolean;
}

/** Each pick (a field asked with `from:`) and the list it is picked from. Pure. */
export function picksOf(skill: Skill): Map<string, PickSource> {
  const picks = new Map<string, PickSource>();
  for (const field of Object.values(skill.fields)) {
    if (field.shape.kind === "pick") picks.set(field.name, { list: field.shape.from.source.trim(), many: field.shape.many === true });
  }
  return picks;
}

/** The text a read of a pick's rows stands for, and how much of the expression as written it replaces. */
function expansionOf(source: string, read: ExprRef, pick: PickSource): { text: string; end: number } {
  if (!pick.many) return { text: `${pick.list}.filter(${ROW}, ${ROW}.id == ${read.root})[0]`, end: read.start + read.root.length };
  const path = read.path.join(".");
  return { text: `${pick.list}.filter(${ROW}, ${ROW}.id in ${read.root}).map(${ROW}, ${ROW}.${path})`, end: read.end };
}

/** The expansion of `source` (parsed as `ast`), or undefined when it reads no pick's row. Pure. */
export function expandPickRows(source: string, ast: ASTNode, picks: ReadonlyMap<string, PickSource>): Expansion | undefined {
  const reads = collectRefs(ast).filter((r) => r.path.length > 0 && picks.has(r.root) && source.startsWith(r.root, r.start));
  if (reads.length === 0) return undefined;
  const edits: WriteOutEdit[] = [];
  let out = "";
  let last = 0;
  for (const read of reads) {
    const { text, end } = expansionOf(source, read, picks.get(read.root)!);
    out += source.slice(last, read.start);
    edits.push({ at: read.start, from: out.length, to: out.length + text.length, written: source.slice(read.start, end), text });
    out += text;
    last = end;
  }
  out += source.slice(last);
  return {
    source: out,
    back: (offset) => offsetAsWritten(edits, offset),
    // Inside a many pick's `map`, a message about the row names the loop variable: say the pick instead.
    words: (message) => {
      const text = edits.reduce((said, edit) => said.split(edit.text).join(edit.written), message);
      const many = reads.find((read) => picks.get(read.root)!.many);
      return many ? text.replace(new RegExp(`\\b${ROW}\\b`, "g"), many.root) : text;
    },
  };
}

/**
 * The picked row of a pick, by the pick's name: `hotel_id.name` reads the `name` of the row picked for
 * `hotel_id` (asked with `from: search_hotels.hotels`), while `hotel_id` alone stays the row's `id`.
 * CEL has no such reading of a text value, so before CEL sees an expression each pick read with a
 * property is written out as the row it names:
 *
 *   hotel_id.name  →  search_hotels.hotels.filter(__picked, __picked.id == hotel_id)[0].name
 *
 * The rewritten expression reads the list and the pick (so the lookup runs, and a change of either is
 * seen by the checks and the runtime like any other read), and is typed by the list's row type.
 * Offsets in it are mapped back to the expression as written, and messages name the pick, not the
 * expansion. Pure.
 */
import type { ASTNode } from "@marcbachmann/cel-js";
import type { Skill } from "../format/ir.js";
import { collectRefs } from "./collect-refs.js";

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

/** Each pick (a field asked with `from:`) and the list it is picked from, as written. Pure. */
export function picksOf(skill: Skill): Map<string, string> {
  const picks = new Map<string, string>();
  for (const field of Object.values(skill.fields)) if (field.shape.kind === "pick") picks.set(field.name, field.shape.from.source.trim());
  return picks;
}

/** The expansion of `source` (parsed as `ast`), or undefined when it reads no pick's row. Pure. */
export function expandPickRows(source: string, ast: ASTNode, picks: ReadonlyMap<string, string>): Expansion | undefined {
  const reads = collectRefs(ast).filter((r) => r.path.length > 0 && picks.has(r.root) && source.startsWith(r.root, r.start));
  if (reads.length === 0) return undefined;
  const edits: Array<{ at: number; from: number; to: number; root: string; text: string }> = [];
  let out = "";
  let last = 0;
  for (const read of reads) {
    const text = `${picks.get(read.root)}.filter(${ROW}, ${ROW}.id == ${read.root})[0]`;
    out += source.slice(last, read.start);
    edits.push({ at: read.start, from: out.length, to: out.length + text.length, root: read.root, text });
    out += text;
    last = read.start + read.root.length;
  }
  out += source.slice(last);
  return {
    source: out,
    back(offset) {
      let shift = 0;
      for (const edit of edits) {
        if (offset < edit.from) break;
        if (offset < edit.to) return edit.at;
        shift += edit.text.length - edit.root.length;
      }
      return offset - shift;
    },
    words: (message) => edits.reduce((text, edit) => text.split(edit.text).join(edit.root), message),
  };
}

/**
 * What the scripted person answers inside a `repeat`, and which rows a pick names. Inside a pass over
 * rows (the lines they picked), the question's answer key says which row the pass is about; the task's
 * write holds aligned lists (`item_ids[i]` goes with `new_item_ids[i]`), bound by `with:` to properties
 * of the records the repeat gathers (`changes.map(c, c.line.item_id)`, `changes.map(c, c.new_item_id)`).
 * So the person finds the position `i` whose old values are the pass row's, one position per pass (an
 * order holding the same item twice has two passes and two positions), and answers the aligned list's
 * element there. Nothing here is written per task. Pure, apart from `Passes`, which remembers the
 * position each pass took.
 */
import type { Target } from "./answer-fields.js";

type Row = Record<string, unknown>;

/** Answer key of a pass → the position of the task's aligned lists it answers. */
export type Passes = Map<string, number>;

/**
 * The value for `field` asked under `answerKey` (`field@step:rowKey`) inside a repeat, or undefined when
 * the key has no scope or the task's data does not say. `rows` are every grid row shown so far.
 */
export function passValue(field: string, answerKey: string, rows: readonly Row[], target: Target, passes: Passes): unknown {
  const rowKey = passRowKey(answerKey);
  if (rowKey === undefined) return undefined;
  const args = target.request.args;
  const answered = Object.entries(target.gathered).find(([, path]) => path.length === 1 && path[0] === field)?.[0];
  if (!answered || !Array.isArray(args[answered])) return undefined;
  const row = rows.find((r) => String(r.id) === rowKey);
  // The inputs that take a property of the pass's row (`line.item_id`): they say which position it is.
  const keys = Object.entries(target.gathered).filter(([input, path]) => path.length === 2 && Array.isArray(args[input]));
  if (!row || keys.length === 0) return undefined;
  const taken = new Set([...passes].filter(([key]) => key !== answerKey).map(([, i]) => i));
  const fits = (i: number) => keys.every(([input, path]) => String((args[input] as unknown[])[i]) === String(row[path[1]!]));
  const i = passes.get(answerKey) ?? (args[answered] as unknown[]).findIndex((_, j) => !taken.has(j) && fits(j));
  if (i < 0) return undefined;
  passes.set(answerKey, i);
  return (args[answered] as unknown[])[i];
}

/** The row key of the innermost pass of an answer key (`new_item_id@6:123#2` → `123#2`). */
function passRowKey(answerKey: string): string | undefined {
  const at = answerKey.indexOf("@");
  if (at < 0) return undefined;
  const segment = answerKey.slice(at + 1).split("/").at(-1)!;
  const colon = segment.indexOf(":");
  return colon < 0 ? undefined : segment.slice(colon + 1);
}

/**
 * The row ids a pick of `wanted` names among `rows`: each wanted value is the row with that id, else
 * the first row not yet named that holds it as a property (an order's line holding item 123 twice is
 * rows `123` and `123#2`: two 123s name both). A value no row holds is `missing`.
 */
export function rowIdsFor(wanted: readonly unknown[], rows: readonly Row[]): { ids: string[]; missing: string[] } {
  const named = new Set<string>();
  const ids: string[] = [];
  const missing: string[] = [];
  for (const value of wanted.map(String)) {
    const row = rows.find((r) => String(r.id) === value && !named.has(value)) ??
      rows.find((r) => !named.has(String(r.id)) && Object.values(r).some((v) => typeof v !== "object" && String(v) === value));
    if (!row) missing.push(value);
    else {
      named.add(String(row.id));
      ids.push(String(row.id));
    }
  }
  return { ids, missing };
}

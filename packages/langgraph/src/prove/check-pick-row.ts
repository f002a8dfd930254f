/**
 * A `pick:` of a row the list did not show (`pick: { flight_id: TP135 }` when the grid showed TP1350 and
 * TP1352). The runtime refuses it with the pick's default refusal, and the proof then failed on an
 * expectation about something else. Unless the turn expects that refusal (`refused:`), the pick is a
 * failed check that names the rows shown, with "did you mean". Rows come from the tools at run time, so
 * this is checked as the proof runs, not when it is parsed. A pick of several rows (a list) is checked
 * row by row. Pure.
 */
import { suggest, type WidgetView } from "@skillflow/core";
import type { FlowInput } from "../to-flow-event.js";
import type { Expectations } from "./proof-types.js";

/** Field → the ids of the rows last shown for it. */
export type ShownRows = Map<string, string[]>;

/** Remember the rows each grid of a turn showed. */
export function rememberRows(rows: ShownRows, widgets: readonly WidgetView[]): void {
  for (const widget of widgets) {
    if (widget.field !== undefined && widget.rows) rows.set(widget.field, widget.rows.map((row) => String(row.id)));
  }
}

/** What is wrong with the turn's pick, as a failed check's expected and seen; undefined when nothing is. */
export function pickRowProblem(input: FlowInput, expect: Expectations, rows: ShownRows): { expected: string; seen: string } | undefined {
  if (!("pick" in input) || expect.refused !== undefined) return undefined;
  const [field, picked] = Object.entries(input.pick)[0] ?? [];
  const shown = field === undefined ? undefined : rows.get(field);
  // A pick of several rows (`pick: { item_ids: [a, b] }`) names each row: the first one not shown is the problem.
  const value = Array.isArray(picked) ? picked.find((id) => !shown?.includes(String(id))) : picked;
  if (field === undefined || !shown || (Array.isArray(picked) && value === undefined) || shown.includes(String(value))) return undefined;
  const guess = suggest(String(value), shown);
  const listed = shown.length > 8 ? `${shown.slice(0, 8).join(", ")}, …` : shown.join(", ");
  return {
    expected: `one of the rows shown for ${field} (${listed})`,
    seen: `\`${String(value)}\`, which the list did not show${guess !== undefined ? `: did you mean \`${guess}\`?` : ""} (to prove it is refused, add \`refused:\`)`,
  };
}

/**
 * Free text that answers what is on screen by itself, read by the runtime with no model: at a decide,
 * an option's key or words (`read-option.ts`) are a press of that option (bound to the question's digest);
 * at a card, a yes or a no from the fixed list of `read-yes-no.ts` is a press of that card (bound to its digest); at a
 * grid of one pick, words that name exactly one row (`match-rows.ts`) are a pick of that row, and words
 * that name several are answered with those rows, to ask which. Anything else is undefined: the text
 * goes to the model as before (a yes the model proposes is still dropped). Every host reads text here
 * before the model, so `flow chat`, the chat page, AG-UI, MCP and proofs answer the same. Approvals are
 * never read from the conversation, and a card that an approval brought up (shown in the approver's turn,
 * not to the person) is not answered by typed words until the person has seen it. Pure (a throwaway replay for the grid's rows; no tool runs).
 */
import { gridColumns } from "../compile/grid-columns.js";
import type { Skill } from "../format/ir.js";
import { matchRows } from "./match-rows.js";
import { readYesNo } from "./read-yes-no.js";
import { readOption } from "./read-option.js";
import { replayCopy } from "./replay.js";
import type { FlowEvent, FlowState, StepOptions } from "./types.js";

export type TypedAnswer =
  /** The text is this press or pick: apply it as typed. */
  | { event: Extract<FlowEvent, { type: "press" } | { type: "pick" }> }
  /** The text names several rows of the grid: say this, and ask again. */
  | { several: { field: string; message: string } };

/** At most this many rows are named in the question that asks which one. */
const LISTED = 6;

/** What `text` answers by itself at the flow's pending card or grid, or undefined. Pure. */
export function readTypedAnswer(skill: Skill, state: FlowState, text: string, options?: StepOptions): TypedAnswer | undefined {
  const pending = state.pending;
  if (pending?.kind === "confirm") {
    // A card an approval brought up was shown in the approver's turn: the person has not seen it yet.
    if (state.approvedLast) return undefined;
    const yes = readYesNo(text);
    if (yes === undefined) return undefined;
    return { event: { type: "press", confirm: pending.confirm, yes, card: pending.card.digest } };
  }
  if (pending?.kind === "decide") {
    // Only once the person saw the question: not when an approval's turn brought it up.
    if (state.approvedLast) return undefined;
    const option = readOption(text, pending.options);
    return option === undefined ? undefined : { event: { type: "press", confirm: pending.decide, yes: true, option, card: pending.digest } };
  }
  if (pending?.kind !== "ask" || !pending.pick || pending.many) return undefined;
  const rows = gridRows(skill, state, pending.field, options);
  if (!rows) return undefined;
  const keys = gridColumns(skill, pending.field, rows).map((c) => c.key);
  const match = matchRows(text, rows, keys);
  if (match.kind === "none") return undefined;
  if (match.kind === "one") return { event: { type: "pick", field: pending.field, value: match.row.id } };
  const named = match.rows.slice(0, LISTED).map((row) => rowLabel(row, keys));
  const more = match.rows.length > LISTED ? `, and ${match.rows.length - LISTED} more` : "";
  return { several: { field: pending.field, message: `${match.rows.length} options match that: ${named.join("; ")}${more}. Which one do you mean?` } };
}

/** The rows of the grid the flow shows for `field` now, from a replay of a copy; undefined when it shows none. */
function gridRows(skill: Skill, state: FlowState, field: string, options?: StepOptions): Array<Record<string, unknown>> | undefined {
  const run = replayCopy(skill, state, options);
  for (const effect of run.effects) {
    if (effect.type === "ask" && effect.field === field && effect.widget?.rows) {
      return effect.widget.rows.filter((row) => row.id !== undefined && row.id !== null);
    }
  }
  return undefined;
}

/** A row in a line: its id, then the values of its other shown columns. Pure. */
function rowLabel(row: Record<string, unknown>, keys: readonly string[]): string {
  const values = keys.filter((k) => k !== "id" && Object.hasOwn(row, k)).map((k) => row[k])
    .filter((v) => typeof v === "string" || typeof v === "number").map(String);
  return values.length ? `${String(row.id)} (${values.join(", ")})` : String(row.id);
}

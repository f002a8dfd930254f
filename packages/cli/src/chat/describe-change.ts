/**
 * Words for what a message changed, where the screen alone would not tell (core's `changeNotes`: a
 * declined confirmation, values not taken from a message, a message that answered nothing) — and,
 * when the list or card a turn shows is the one already on screen, a short version instead: the fields
 * it set ("Noted: nights 4."), any new lines, and the question, pointing at what is above. Pure.
 */
import { changeNotes as noteLines, notedValues, type ChangeContext, type ChangedTurn, type Pending } from "@skillflow/core";
import type { PickOptions } from "./format-options.js";

export type { ChangeContext, ChangedTurn };

/** Lines to print before a turn's own text (core's `changeNotes`, the chat page's words; "" when the turn speaks for itself). Pure. */
export function changeNotes(turn: ChangedTurn, fromText: boolean, context: ChangeContext = {}): string {
  return noteLines(turn, fromText, context).map((n) => `${n}\n`).join("");
}

/**
 * The short text for a turn whose list or card is the one on screen: what it set, its other lines
 * (`lead`: said text, refusals), and the question pointing at what is above. Pure.
 */
export function compactRepeat(turn: ChangedTurn, options: PickOptions | undefined, fromText: boolean, lead: string[] = [], context: ChangeContext = {}): string {
  // The same words as the chat page's (core's `notedValues`): what the turn set and kept.
  const noted = notedValues(turn.trace);
  const notes = noted ? `${noted}\n${changeNotes(turn, false)}` : changeNotes(turn, fromText, context);
  const question = turn.reply[turn.reply.length - 1] ?? "";
  return `${notes}${lead.map((line) => `${line}\n`).join("")}${question}${pointer(turn.pending, options)}\n`;
}

function pointer(pending: Pending | undefined, options: PickOptions | undefined): string {
  if (pending?.kind === "ask" && options?.many) return ` (the list above still stands: type the numbers of the rows, from 1 to ${options.values.length})`;
  if (pending?.kind === "ask" && options) return ` (the list above still stands: type a number from 1 to ${options.values.length})`;
  if (pending?.kind === "confirm") return " (the card above still stands: yes or no)";
  return "";
}

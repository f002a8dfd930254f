/**
 * Words for what a message changed, where the screen alone would not tell: a declined confirmation
 * (nothing ran), values the runtime would not take from a message (and why), a message that answered
 * nothing — and, when a turn would print exactly what the previous one printed (a list or card still
 * waiting), a short version instead: the fields it set and the question, pointing at what is above. Pure.
 */
import type { Pending, TraceEvent } from "@skillflow/core";
import { formatInput, type PickOptions } from "./format-options.js";

export interface ChangedTurn {
  reply: string[];
  trace: TraceEvent[];
  pending?: Pending;
  /** Several skills: what routing did (a skill started, resumed, held…) — the message did something. */
  route?: object;
}

const DECLINED = "Declined: nothing was run. Change what you like, or type y when it is right.";
const NOTHING = "Nothing in that message answered the question.";
/** Trace events that show a message did something. */
const EFFECTS = new Set(["field_set", "refused", "confirm_given", "confirm_voided", "approval_given", "tool_called", "said"]);

/** Lines to print before a turn's own text (empty when the turn speaks for itself). Pure. */
export function changeNotes(turn: ChangedTurn, fromText: boolean): string {
  const notes: string[] = [];
  if (turn.trace.some((t) => t.type === "confirm_given" && !t.yes)) notes.push(DECLINED);
  const dropped = turn.trace.flatMap((t) => (t.type === "dropped" ? [`${t.field} (${t.reason})`] : []));
  if (dropped.length) notes.push(`Not taken from a message: ${dropped.join("; ")}.`);
  const idle = !turn.route && !turn.trace.some((t) => EFFECTS.has(t.type)) && turn.reply.length <= 1;
  if (fromText && idle && !dropped.length) notes.push(NOTHING);
  return notes.map((n) => `${n}\n`).join("");
}

/** The short text for a turn whose full text equals the previous turn's. Pure. */
export function compactRepeat(turn: ChangedTurn, options: PickOptions | undefined, fromText: boolean): string {
  const set = turn.trace.flatMap((t) => (t.type === "field_set" ? [`${t.field} ${formatInput(t.value)}`] : []));
  const notes = set.length ? `Noted: ${set.join(", ")}.\n${changeNotes(turn, false)}` : changeNotes(turn, fromText);
  const question = turn.reply[turn.reply.length - 1] ?? "";
  return `${notes}${question}${pointer(turn.pending, options)}\n`;
}

function pointer(pending: Pending | undefined, options: PickOptions | undefined): string {
  if (pending?.kind === "ask" && options) return ` (the list above still stands: type a number from 1 to ${options.values.length})`;
  if (pending?.kind === "confirm") return " (the card above still stands: y or n)";
  return "";
}

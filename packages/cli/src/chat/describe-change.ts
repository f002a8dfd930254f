/**
 * Words for what a message changed, where the screen alone would not tell: a declined confirmation
 * (nothing ran), values the runtime would not take from a message (and why), a message that answered
 * nothing (with what the question takes), a message that picked none of the skills on the menu — and,
 * when the list or card a turn shows is the one already on screen, a short version instead: the fields
 * it set ("Noted: nights 4."), any new lines, and the question, pointing at what is above. Pure.
 */
import { notedValues, type Pending, type TraceEvent } from "@skillflow/core";
import type { PickOptions } from "./format-options.js";

export interface ChangedTurn {
  reply: string[];
  trace: TraceEvent[];
  pending?: Pending;
  /** Several skills: what routing did (a skill started, resumed, held…) — the message did something. */
  route?: object;
  /** Several skills: the skill in progress after the turn, null for none (the menu is shown again). */
  skill?: string | null;
}

/** What is known of the screen besides the turn: what the pending question takes, and the menu. */
export interface ChangeContext {
  /** What the pending question takes, in a sentence ("A stay can be from 1 to 14 nights."). */
  hint?: string | undefined;
  /** Several skills are hosted, so a turn with no skill in progress shows the menu. */
  menu?: boolean;
}

const DECLINED = "Declined: nothing was run. Change what you like, or type yes when it is right.";
const NOTHING = "Nothing in that message answered the question.";
const NO_SKILL = "That did not match anything I can help with.";
/** Trace events that show a message did something. */
const EFFECTS = new Set(["field_set", "refused", "confirm_given", "confirm_voided", "approval_given", "decision_given", "tool_called", "said"]);

/** Lines to print before a turn's own text (empty when the turn speaks for itself). Pure. */
export function changeNotes(turn: ChangedTurn, fromText: boolean, context: ChangeContext = {}): string {
  const notes: string[] = [];
  if (turn.trace.some((t) => t.type === "confirm_given" && !t.yes)) notes.push(DECLINED);
  // A value refused with the question's own words ("A stay can be from 1 to 14 nights.") needs no second note.
  const refused = new Set(turn.trace.flatMap((t) => (t.type === "refused" ? [t.field] : [])));
  // Which skill a message is for is the routing's choice, not a value the person gave: a guess it did
  // not follow ("switching away … needs intent: switch") is not theirs to hear about.
  const dropped = turn.trace.flatMap((t) => (t.type === "dropped" && t.field !== "skill" && !refused.has(t.field) ? [`${t.field} (${t.reason})`] : []));
  if (dropped.length) notes.push(`Not taken from a message: ${dropped.join("; ")}.`);
  const routed = turn.route !== undefined && Object.keys(turn.route).length > 0;
  const acted = routed || turn.trace.some((t) => EFFECTS.has(t.type));
  if (fromText && !acted && !dropped.length && context.menu && turn.skill === null) notes.push(NO_SKILL);
  else if (fromText && !acted && !dropped.length && turn.reply.length <= 1) notes.push([NOTHING, context.hint].filter(Boolean).join(" "));
  return notes.map((n) => `${n}\n`).join("");
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

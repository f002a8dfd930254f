/**
 * Words for what a message changed, where the screen alone would not tell: values the runtime would
 * not take from a message (and why), a message that answered nothing (with what the question takes,
 * `expectedAnswer`), a message that picked none of the skills on the menu. A long field name is cut (`shortName`). A no at a card needs no
 * note: the runtime's own reply says that nothing was run (`SAID_NO`), on every host. `flow chat` prints these lines before a turn, and the chat page shows them as the
 * turn's first messages: every host says the same words. Pure.
 */
import { shortName } from "../text/shorten-names.js";
import type { Pending, TraceEvent } from "./types.js";

/** What the notes read of a turn. */
export interface ChangedTurn {
  reply: readonly string[];
  trace: readonly TraceEvent[];
  pending?: Pending | undefined;
  /** Several skills: what routing did (a skill started, resumed, held…) — the message did something. */
  route?: object | undefined;
  /** Several skills: the skill in progress after the turn, null for none (the menu is shown again). */
  skill?: string | null | undefined;
}

/** What is known of the screen besides the turn: what the pending question takes, and the menu. */
export interface ChangeContext {
  /** What the pending question takes, in a sentence ("A stay can be from 1 to 14 nights."). */
  hint?: string | undefined;
  /** Several skills are hosted, so a turn with no skill in progress shows the menu. */
  menu?: boolean;
}

export const NOTHING_NOTE = "Nothing in that message answered the question.";
export const NO_SKILL_NOTE = "That did not match anything I can help with.";
/** Trace events that show a message did something. */
const EFFECTS = new Set(["field_set", "refused", "confirm_given", "confirm_voided", "approval_given", "decision_given", "tool_called", "said"]);

/**
 * The notes to show before a turn's own lines (none when the turn speaks for itself). `fromText`: the
 * turn answered a typed message (only then is a message that did nothing said so). Pure.
 */
export function changeNotes(turn: ChangedTurn, fromText: boolean, context: ChangeContext = {}): string[] {
  const notes: string[] = [];
  // A value refused with the question's own words ("A stay can be from 1 to 14 nights.") needs no second note.
  const refused = new Set(turn.trace.flatMap((t) => (t.type === "refused" ? [t.field] : [])));
  // Which skill a message is for is the routing's choice, not a value the person gave: a guess it did
  // not follow ("switching away … needs intent: switch") is not theirs to hear about.
  const dropped = turn.trace.flatMap((t) => (t.type === "dropped" && t.field !== "skill" && !refused.has(t.field) ? [`${shortName(t.field)} (${t.reason})`] : []));
  if (dropped.length) notes.push(`Not taken from a message: ${dropped.join("; ")}.`);
  const routed = turn.route !== undefined && Object.keys(turn.route).length > 0;
  const acted = routed || turn.trace.some((t) => EFFECTS.has(t.type));
  if (fromText && !acted && !dropped.length && context.menu && turn.skill === null) notes.push(NO_SKILL_NOTE);
  else if (fromText && !acted && !dropped.length && turn.reply.length <= 1) notes.push([NOTHING_NOTE, context.hint].filter(Boolean).join(" "));
  return notes;
}

/**
 * What the pending question takes, in one sentence, for when a message answered nothing: the field's
 * own `message` when it declares one ("A stay can be from 1 to 14 nights."; not a lookup's, which refuses
 * a value it does not know), else its shape in words
 * ("It takes a whole number from 1 to 14.", "It takes a date, for example 2027-04-01, 1 April or next
 * Monday."). Nothing for a pick, a secret, a lookup or a pattern without a message (a list, a hidden
 * value, a name the tool decides, a format only its author can word). `flow chat` and the chat page add it
 * to "Nothing in that message answered the question." (`changeNotes`). Pure.
 */
import type { Skill } from "../format/ir.js";
import { describeShape } from "../procedure/describe-shape.js";
import type { Pending } from "./types.js";

const WORDED = new Set(["choices", "number", "decimal", "yes_no", "text"]);

export function expectedAnswer(skill: Skill, pending: Pending | undefined): string | undefined {
  if (pending?.kind !== "ask" || pending.pick || pending.secret) return undefined;
  const field = Object.hasOwn(skill.fields, pending.field) ? skill.fields[pending.field] : undefined;
  // A lookup's `message` refuses a value it does not know: said after a message that named none, it would
  // tell the person something untrue ("I can't find that order" when they gave no order).
  if (!field || field.shape.kind === "lookup") return undefined;
  if (field.message) return field.message;
  if (field.shape.kind === "date") return "It takes a date, for example 2027-04-01, 1 April or next Monday.";
  if (!WORDED.has(field.shape.kind)) return undefined;
  const words = describeShape(field.shape).map((piece) => (typeof piece === "string" ? piece : piece.code)).join("");
  return `It takes ${words}.`;
}

/**
 * Free text from the person. While a secret is the pending question the model is never involved: the
 * text itself is the value if it passes the field's shape, else it is refused (never echoed). Otherwise
 * the model's extraction proposes values, each filtered and validated (a value for a field of a loop
 * whose passes are done goes to the one pass the text names, if it names one: name-pass.ts); malformed
 * model output sets nothing; a free `reply` is shown only when a `chat` step was passed on the current path.
 */
import { passKeyNamed } from "./name-pass.js";
import { drop, proposeValue, refuse, setAnswer } from "./propose-value.js";
import { replayCopy } from "./replay.js";
import { emit, type Run } from "./run-context.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import { ownValue } from "../own-value.js";
import { fieldDecl } from "./skill-index.js";
import type { FlowEvent } from "./types.js";
import { validateValue } from "./validate-value.js";

export const NOT_UNDERSTOOD = "Sorry, I didn't understand that.";

type TextEvent = Extract<FlowEvent, { type: "text" }>;

export function applyText(run: Run, event: TextEvent): void {
  const pending = run.state.pending;
  if (pending?.kind === "ask" && pending.secret) return applySecret(run, event, pending.field, pending.answerKey);
  keepOffers(run, event.offers);
  const extraction = event.extraction;
  if (!extraction) return;
  if (!extraction.ok) {
    drop(run, "*", `the model's output could not be read: ${extraction.error}`);
    emit(run, { type: "say", text: NOT_UNDERSTOOD });
    return;
  }
  const chatInScope = extraction.reply ? replayCopy(run.skill, run.state, run.options).chats.length > 0 : false;
  for (const [name, value] of Object.entries(extraction.values)) {
    // The model saw `[secret]` where a secret was typed: a value holding it is not what the person typed.
    if (holdsMask(value) && !event.text.includes(SECRET_MASK)) drop(run, name, "the value holds a hidden secret's mask, not what the person typed");
    else if (fieldDecl(run.skill, name)?.typed && !typedIn(event.text, value)) drop(run, name, "`typed: true`, and the value is not in what the person typed");
    else proposeValue(run, name, value, "model", passKeyNamed(run, name, event.text));
  }
  if (extraction.reply) {
    if (chatInScope) emit(run, { type: "say", text: extraction.reply });
    else drop(run, "reply", "no chat step on the current path");
  }
}

/**
 * Secrets volunteered before they were asked: kept masked (for declared secret fields only) until the
 * field is asked, where the person types it again; never an answer.
 */
function keepOffers(run: Run, offers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(offers ?? {})) {
    if (!ownValue(run.skill.fields, name)?.secret || typeof value !== "string") continue;
    run.state.offers = { ...run.state.offers, [name]: value };
  }
}

/**
 * Is `value` text that stands in the message as typed? Letter case and runs of spaces aside, and not
 * inside a longer word or number ("ada@example.com" is not in "ada@example.com.au"; "Lee" is not in
 * "Leeds").
 */
export function typedIn(message: string, value: unknown): boolean {
  if (typeof value !== "string") return false;
  const wanted = plain(value);
  if (wanted === "") return false;
  const text = plain(message);
  for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1)) {
    const startsInWord = WORDY.test(wanted[0]!) && (WORDY.test(text[at - 1] ?? "") || (JOINER.test(text[at - 1] ?? "") && WORDY.test(text[at - 2] ?? "")));
    const end = at + wanted.length;
    const endsInWord = WORDY.test(wanted.at(-1)!) && (WORDY.test(text[end] ?? "") || (JOINER.test(text[end] ?? "") && WORDY.test(text[end + 1] ?? "")));
    if (!startsInWord && !endsInWord) return true;
  }
  return false;
}

/** A letter or digit; and what joins two parts of one word, an address or an id ("a.b", "x@y", "W-12"). */
const WORDY = /^[\p{L}\p{N}]$/u;
const JOINER = /^[.@_+\-]$/;

function plain(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Does a proposed value hold the mask text anywhere (in a string, or a string inside a list or object)? */
function holdsMask(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes(SECRET_MASK);
  if (depth > 32 || value === null || typeof value !== "object") return false;
  return Object.values(value).some((v) => holdsMask(v, depth + 1));
}

function applySecret(run: Run, event: TextEvent, name: string, key: string): void {
  if (event.extraction) {
    const proposed = event.extraction.ok ? Object.keys(event.extraction.values) : ["*"];
    for (const field of proposed) drop(run, field, "a secret is pending: the model's output is not used");
  }
  const field = fieldDecl(run.skill, name)!;
  const checked = validateValue(field, event.text);
  if (checked.ok) setAnswer(run, name, key, checked.value, "user");
  else refuse(run, name, checked.message);
}

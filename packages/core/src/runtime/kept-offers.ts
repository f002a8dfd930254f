/**
 * A later request's ask of an answer kept for the conversation (`keep: conversation`), and a value the
 * person's message gave for it (`FlowState.keptOffers`, stashed by propose-value.ts). Mutates the run.
 *
 * - The kept answer still passes its ask: it stands. A different value from the message is refused with
 *   the sentence that says why (one answer for the whole conversation).
 * - It no longer passes (a lookup that no longer knows it, a check that fails now, a stricter check of
 *   this skill): it is not used. Nothing is written on it; the field is asked again, as any refused
 *   answer is — only this field, the other kept answers stay — or the value the message gave is tried in
 *   its place. The new answer is checked as any answer, and kept for the conversation when this request
 *   is over (routing-state.ts). This is how the person re-authenticates after their own request moved
 *   the data a kept answer is checked against (a new default address with another zip).
 */
import { keptAgainText, keptChangeText, keptOfferUsedText } from "./kept-words.js";
import { drop, refuse, setAnswer } from "./propose-value.js";
import { emit, type Run } from "./run-context.js";
import { ownValue } from "../own-value.js";

/** The kept answer under `key` passed its ask: a value the message gave for it is refused. */
export function refuseKeptChange(run: Run, field: string, key: string, held: unknown): void {
  if (!takeOffer(run, key)) return;
  drop(run, field, "kept from earlier in the conversation: it cannot change in it");
  refuse(run, field, keptChangeText(field, held));
}

/**
 * The kept answer under `key` failed its ask with `refusal`: it is no longer kept in this run. With a
 * value from the message, that value becomes the answer (true: check the ask again); else the answer
 * is cleared and refused, with why it is asked again (false: ask).
 */
export function withdrawKept(run: Run, field: string, key: string, held: unknown, refusal: string): boolean {
  run.state.kept = (run.state.kept ?? []).filter((k) => k !== key);
  const offer = takeOffer(run, key);
  if (offer) {
    setAnswer(run, field, key, offer.value, offer.by);
    emit(run, { type: "say", text: keptOfferUsedText(field, held) });
    return true;
  }
  delete run.state.answers[key];
  refuse(run, field, refusal);
  emit(run, { type: "say", text: keptAgainText(field, held) });
  return false;
}

function takeOffer(run: Run, key: string) {
  const offer = ownValue(run.state.keptOffers ?? {}, key);
  if (!offer) return undefined;
  const { [key]: _, ...rest } = run.state.keptOffers!;
  if (Object.keys(rest).length > 0) run.state.keptOffers = rest;
  else delete run.state.keptOffers;
  return offer;
}

/**
 * Questions in a message, which answer nothing: "how long do card refunds take?" names `card` but does
 * not choose it. The offline extractor reads values from the rest of the message only
 * (`withoutQuestions`), so "How long do card refunds take? I'll take store credit" gives store credit.
 * Pure.
 *
 * A sentence is a question when it opens with a question word — how, what, when, where, why, which, who,
 * whose, whom — and either ends with "?" or goes on like a question ("how long …", "what is …",
 * "when do …"), after any "and", "so", "ok" or "but" in front. Not questions: a suggestion ("what about 4
 * nights?", "how about the card?"), a statement that starts with a question word ("what I want is store
 * credit"), and a request put as a question ("can I get store credit?"), which is an answer.
 */

const WH = "how|what|when|where|why|which|who|whose|whom";
const LEAD = /^(?:(?:and|so|ok|okay|oh|well|but|also|um|hmm|sorry|actually|wait)[\s,]+)*/i;
const OPENS = new RegExp(`^(?:${WH})(?:'s|’s)?(?![\\p{L}])`, "iu");
const SUGGESTION = /^(?:what|how)\s+about\b/i;
/** Second words that make a wh-opening a question even without "?". */
const GOES_ON = new RegExp(
  `^(?:${WH})(?:'s|’s|\\s+(?:long|much|many|soon|often|far|is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had|happens|happened))\\b`,
  "i",
);

/** The sentences of a message, each with where it starts (ending at `.`, `!`, `?` or a new line). */
function sentences(text: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  // A dot inside a number or a name ("12.50", "ana@example.com") does not end a sentence.
  for (const m of text.matchAll(/(?:[^.!?\n]|\.(?=\S))+[.!?]*/g)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/** Whether one sentence is a question, by the rules above. Pure. */
export function isQuestion(sentence: string): boolean {
  const said = sentence.trim().replace(LEAD, "");
  if (!OPENS.test(said) || SUGGESTION.test(said)) return false;
  return /\?\s*$/.test(said) || GOES_ON.test(said);
}

/** `text` with every question blanked out (same length, so positions stay valid). Pure. */
export function withoutQuestions(text: string): string {
  let out = text;
  for (const { start, end } of sentences(text)) {
    if (isQuestion(text.slice(start, end))) out = out.slice(0, start) + " ".repeat(end - start) + out.slice(end);
  }
  return out;
}

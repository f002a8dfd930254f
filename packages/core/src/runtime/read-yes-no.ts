/**
 * The words that answer the card on screen, from a fixed list — never from a model. A message is a yes
 * when, letter case and punctuation aside, it is made only of the phrases of YES_WORDS and POLITE_WORDS
 * with at least one of YES_WORDS ("yes please", "yes, go ahead", "sure", "ok"); a no the same way with
 * NO_WORDS ("no thanks", "don't"). Anything else — a phrase of both lists ("no, go ahead"), a word of
 * neither ("yes but 4 nights") — is neither, and the card stands. docs/skill-format.md lists the same
 * words (a test compares them). Pure.
 */

/** Phrases that say yes to the card on screen. */
export const YES_WORDS: readonly string[] = [
  "y", "yes", "yeah", "yep", "yup", "yes sir", "sure", "ok", "okay", "alright", "all right", "fine", "go ahead",
  "go for it", "do it", "please do", "proceed", "confirm", "confirmed", "correct", "right", "that's right",
  "that's correct", "absolutely", "of course", "certainly", "definitely", "sounds good", "looks good",
  "i'm sure", "i agree", "agreed",
];

/** Phrases that say no to the card on screen. */
export const NO_WORDS: readonly string[] = [
  "n", "no", "nope", "nah", "no way", "don't", "dont", "do not", "don't do it", "do not do it", "not now",
  "not yet", "i don't", "i do not", "decline", "i decline", "not that", "wrong", "that's wrong",
];

/** Words that may stand beside a yes or a no without changing it. */
export const POLITE_WORDS: readonly string[] = ["please", "thanks", "thank you", "thx", "cheers"];

/** The message as lower-case words: apostrophes kept (as '), every other punctuation a space. Pure. */
export function plainWords(text: string): string[] {
  return text.normalize("NFKC").toLowerCase().replace(/[’‘`]/g, "'").replace(/[^\p{L}\p{N}']+/gu, " ").trim().split(" ").filter(Boolean);
}

/** Split `words` into phrases of `lists`, longest first; undefined when some word belongs to none. */
function phrases(words: string[], lists: ReadonlyArray<readonly string[]>): string[][] | undefined {
  const all = lists.flat().map((p) => p.split(" ")).sort((a, b) => b.length - a.length);
  const found: string[][] = [];
  for (let at = 0; at < words.length;) {
    const phrase = all.find((p) => p.every((w, i) => words[at + i] === w));
    if (!phrase) return undefined;
    found.push(phrase);
    at += phrase.length;
  }
  return found;
}

/** Whether the message says yes (true), no (false) or neither (undefined) to the card on screen. Pure. */
export function readYesNo(text: string): boolean | undefined {
  const words = plainWords(text);
  if (words.length === 0 || words.length > 8) return undefined;
  const found = phrases(words, [YES_WORDS, NO_WORDS, POLITE_WORDS]);
  if (!found) return undefined;
  const said = found.map((p) => p.join(" "));
  const yes = said.some((p) => YES_WORDS.includes(p));
  const no = said.some((p) => NO_WORDS.includes(p));
  if (yes === no) return undefined;
  return yes;
}

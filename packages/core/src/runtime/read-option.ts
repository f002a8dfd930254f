/**
 * The words that choose an option of the `decide` on screen, read with no model: a message whose words
 * (letter case, punctuation and the polite words of read-yes-no.ts aside) are the option's key (`send_back`
 * or `send back`), or are all words of exactly one option's key and label, one of them more than a
 * little word ("send it back" for "Send it back to the developer"; "it" or "the" alone is no choice).
 * Anything else chooses nothing, and the question stands. Pure.
 */
import { plainWords, POLITE_WORDS } from "./read-yes-no.js";
import type { DecideChoice } from "./types.js";

const POLITE = new Set(POLITE_WORDS.flatMap((p) => p.split(" ")));

/** Little words that name no option by themselves. */
const LITTLE = new Set(["a", "an", "the", "to", "it", "of", "and", "or", "for", "with", "on", "in", "at", "by", "as", "is", "be", "this", "that"]);

/** The key of the one option `text` names, or undefined. Pure. */
export function readOption(text: string, options: readonly DecideChoice[]): string | undefined {
  const words = plainWords(text.replace(/_/g, " ")).filter((w) => !POLITE.has(w));
  if (words.length === 0 || words.length > 12) return undefined;
  const said = words.join(" ");
  const exact = options.find((o) => plainWords(o.key.replace(/_/g, " ")).join(" ") === said);
  if (exact) return exact.key;
  if (words.every((w) => LITTLE.has(w))) return undefined;
  const named = options.filter((o) => {
    const own = new Set([...plainWords(o.key.replace(/_/g, " ")), ...plainWords(o.label)]);
    return words.every((w) => own.has(w));
  });
  return named.length === 1 ? named[0]!.key : undefined;
}

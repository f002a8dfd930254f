/**
 * The rows of a grid a message names by their words ("Hotel Baixa Nova", "the British Airways one",
 * "W3586556"): a row matches when every word the message says — filler words aside ("the", "one",
 * "please", "I'll take") — is a word of the row as shown (its id and the values of its grid's columns),
 * and at least one of them is not a bare number (a number alone is a row's position for a front end, or
 * a value for another field). No match, one, or several; never a guess. Pure.
 */
import { plainWords } from "./read-yes-no.js";

/** Words that name no row: articles, pronouns and the words around a choice. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  "the", "a", "an", "one", "ones", "that", "this", "it", "i", "i'll", "ill", "i'd", "id", "i'm", "im", "we", "we'll", "me", "my",
  "please", "thanks", "thank", "you", "take", "takes", "want", "wants", "like", "pick", "choose", "book", "go", "let's", "lets",
  "with", "for", "option", "row", "number", "order", "flight", "hotel", "stay", "at", "on", "in", "is", "be", "would", "will", "can",
  "then", "ok", "okay", "yes", "sure", "just",
]);

export type RowMatch<Row> =
  | { kind: "none" }
  | { kind: "one"; row: Row }
  | { kind: "several"; rows: Row[] };

/** The words of a row as shown: its id and the value of each shown column, each cut into words. Pure. */
export function rowWords(row: Record<string, unknown>, keys: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const key of ["id", ...keys]) {
    const value = Object.hasOwn(row, key) ? row[key] : undefined;
    if (typeof value === "string" || typeof value === "number") for (const w of plainWords(String(value))) words.add(w);
  }
  return words;
}

/** The rows `text` names, as documented above; `keys` are the row properties the grid shows (the id is always one). Pure. */
export function matchRows<Row extends Record<string, unknown>>(text: string, rows: readonly Row[], keys: readonly string[]): RowMatch<Row> {
  const said = plainWords(text).filter((w) => !FILLER_WORDS.has(w));
  if (said.length === 0 || said.every((w) => /^\d+$/.test(w))) return { kind: "none" };
  const matched = rows.filter((row) => {
    const words = rowWords(row, keys);
    return said.every((w) => words.has(w));
  });
  if (matched.length === 0) return { kind: "none" };
  if (matched.length === 1) return { kind: "one", row: matched[0]! };
  return { kind: "several", rows: matched };
}

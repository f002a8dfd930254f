/**
 * Small helpers to build `Inline` text. Pure.
 */
import type { Inline } from "./model.js";

export const code = (text: string): { code: string } => ({ code: text });

/** Concatenate pieces, merging neighbouring plain strings and dropping empty ones. */
export function inline(...pieces: Array<string | { code: string } | Inline>): Inline {
  const out: Inline = [];
  for (const piece of pieces.flat()) {
    const last = out[out.length - 1];
    if (typeof piece === "string") {
      if (piece === "") continue;
      if (typeof last === "string") out[out.length - 1] = last + piece;
      else out.push(piece);
    } else out.push(piece);
  }
  return out;
}

/** Join several texts with a separator, and a different one before the last (`a, b and c`). */
export function joinList(items: readonly Inline[], sep = ", ", last = " and "): Inline {
  const pieces: Inline[] = [];
  items.forEach((item, i) => {
    if (i > 0) pieces.push([i === items.length - 1 ? last : sep]);
    pieces.push(item);
  });
  return inline(...pieces);
}

/** Text in double quotes, as the skill wrote it. */
export const quoted = (text: string): string => `"${text}"`;

/** The plain text of an inline, code shown in backticks (for tests and plain-text use). */
export function plainText(text: Inline): string {
  return text.map((p) => (typeof p === "string" ? p : `\`${p.code}\``)).join("");
}

/**
 * " is empty" or " are empty" (" is not empty" / " are not empty") for a list named by `list`: "are"
 * when the head noun is plural ("the customer's orders are empty", but "the list of leaves is empty").
 */
export function emptyPhrase(list: Inline, empty: boolean): string {
  const verb = isPlural(headWord(list)) ? "are" : "is";
  return ` ${verb}${empty ? "" : " not"} empty`;
}

/** The head noun's word: the last word before "of" (or of the whole text); a code's last segment. */
function headWord(list: Inline): string {
  const text = plainText(list).replace(/`/g, "");
  const head = text.split(/\s+of\s+/)[0] ?? text;
  return head.split(/[\s.]+/).filter(Boolean).at(-1) ?? "";
}

/** A crude English plural: ends in "s", but not "ss", "us" or "is" ("orders", "lines"; not "status"). */
function isPlural(word: string): boolean {
  return /[a-z]s$/i.test(word) && !/(ss|us|is)$/i.test(word);
}

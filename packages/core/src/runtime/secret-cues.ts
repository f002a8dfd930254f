/**
 * When a match of a secret field's pattern in free text is *named* as that secret: a cue (the field's
 * name, its last word, or a word of its `cue:` list) stands right before the match ("my PIN is 4071",
 * "approval code AB-123456") or right after it ("4071 is my PIN"), with at most three linking words in
 * between ("is", "my", "the", …) and nothing else but punctuation. A bare number is never a cue's match:
 * "I paid 1250 EUR" names no PIN. Pure.
 */
import type { FieldDecl } from "../format/ir.js";

/** Words that may stand between a cue and its value. */
const LINKING = new Set(["is", "was", "are", "it's", "its", "my", "our", "the", "a", "an", "number", "no", "nr", "of", "here", "be", "will", "should"]);

/** At most this many linking words between a cue and its value. */
const MAX_LINKING = 3;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** The words of a text, lowercased, apostrophes made plain. */
export function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => m[0].toLowerCase().replace("’", "'"));
}

/** The cues of a field, each as its words: its name (and the name's last word), then its `cue:` list. */
export function cuesOf(field: FieldDecl): string[][] {
  const name = field.name.split(/[_\-]+/).filter(Boolean).map((w) => w.toLowerCase());
  const cues = [name, name.slice(-1), ...(field.cue ?? []).map(wordsOf)];
  const seen = new Set<string>();
  return cues.filter((cue) => cue.length > 0 && !seen.has(cue.join(" ")) && seen.add(cue.join(" ")));
}

/**
 * Is the value between `before` and `after` (the text on either side of it) named by one of `cues`?
 * Only the words next to the value can name it, so only those are read: a long message with many
 * matches costs time in proportion to its length, not its length squared.
 */
export function namedByCue(cues: string[][], before: string, after: string): boolean {
  const reach = MAX_LINKING + Math.max(0, ...cues.map((c) => c.length));
  return namedByCueIn(cues, lastWords(before, reach), firstWords(after, reach));
}

/** The same decision from the words on either side (every word, or at least the nearest ones). */
export function namedByCueIn(cues: string[][], before: string[], after: string[]): boolean {
  return cues.some((cue) => endsWithCue(before, cue) || startsWithCue(after, cue));
}

/** Characters read per word wanted before the whole text is split instead. */
const WINDOW_PER_WORD = 32;

/** The last `count` words of `text` (all of them when it has fewer), as `wordsOf` would give them. */
function lastWords(text: string, count: number): string[] {
  const from = text.length - WINDOW_PER_WORD * (count + 1);
  if (from <= 0) return wordsOf(text).slice(-count);
  // The window may start inside a word: its first word is dropped; too few words left, the whole text.
  const words = wordsOf(text.slice(from)).slice(1);
  return words.length >= count ? words.slice(-count) : wordsOf(text).slice(-count);
}

/** The first `count` words of `text`, as `wordsOf` would give them. */
function firstWords(text: string, count: number): string[] {
  const to = WINDOW_PER_WORD * (count + 1);
  if (to >= text.length) return wordsOf(text).slice(0, count);
  const words = wordsOf(text.slice(0, to)).slice(0, -1);
  return words.length >= count ? words.slice(0, count) : wordsOf(text).slice(0, count);
}

function endsWithCue(words: string[], cue: string[]): boolean {
  for (let skip = 0; skip <= MAX_LINKING && skip <= words.length; skip++) {
    const end = words.length - skip;
    if (end >= cue.length && cue.every((w, i) => words[end - cue.length + i] === w)) return true;
    if (skip < words.length && !LINKING.has(words[end - 1]!)) return false;
  }
  return false;
}

function startsWithCue(words: string[], cue: string[]): boolean {
  for (let skip = 0; skip <= MAX_LINKING && skip <= words.length; skip++) {
    if (words.length - skip >= cue.length && cue.every((w, i) => words[skip + i] === w)) return true;
    if (skip < words.length && !LINKING.has(words[skip]!)) return false;
  }
  return false;
}

/** Is `between` (the text from one match to the next) nothing but linking words and one of `cues`? */
export function onlyCueAndLinking(cues: string[][], between: string): boolean {
  const words = wordsOf(between).filter((w) => !LINKING.has(w));
  return cues.some((cue) => cue.length === words.length && cue.every((w, i) => words[i] === w));
}

/**
 * Shared vocabulary of the offline extractor: candidates found in the text, the words around a place in
 * the text, and how a field's name labels a value ("3 nights" → `nights`). All functions are pure.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import type { DateMatch } from "./read-dates.js";

/**
 * A value one rule found for one field, with the part of the text it came from.
 * `rank` orders candidates when they compete for a field or a stretch of text: lower wins.
 */
export interface Candidate {
  field: string;
  value: unknown;
  start: number;
  end: number;
  rank: number;
}

/**
 * Ranks: a value for the pending question that names it or is unambiguous; any value for it; a value
 * for it that fails its shape (proposed so the runtime refuses it with the field's message); then values
 * for other fields, which rules only propose when the text names the field or leaves no doubt.
 */
export const RANK = { pendingSure: 0, pending: 1, pendingMisfit: 2, other: 3 } as const;

/**
 * What every rule receives. `pending` is the field the flow is waiting on, when it is in scope; `dates`
 * are the dates in the text, read once (against the flow's clock) for the rules that need them.
 */
export interface RuleInput {
  text: string;
  fields: FieldInScope[];
  pending?: FieldInScope | undefined;
  dates(): DateMatch[];
}

/** A rule: finds candidates in the text. Pure. */
export type Rule = (input: RuleInput) => Candidate[];

const WORD = /[\p{L}\p{N}_']+/gu;

/** Words that never identify a field by themselves. */
const GENERIC = new Set(["number", "num", "count", "of", "the", "a", "an", "total", "date", "value", "id"]);

/** The words of a field name (`number_of_guests` → `guests`, `checkIn` → `check`, `in`), lower case. */
export function fieldWords(name: string): string[] {
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
  const specific = words.filter((w) => !GENERIC.has(w));
  return specific.length > 0 ? specific : words;
}

/** A crude singular, enough to match "night" with "nights" and "class" with "classes". */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("es") && /(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

/** Whether `word` names the field (one of its name words, singular or plural). */
export function namesField(word: string, field: FieldInScope): boolean {
  const w = singular(word);
  return fieldWords(field.name).some((f) => singular(f) === w);
}

/** A word of the text and where it is. */
export interface Word {
  word: string;
  start: number;
  end: number;
}

/**
 * Up to `n` words before `start` (nearest first) and after `end` (nearest first), lower case. Only the
 * text near the value is read, so a long message with many values costs linear time, not quadratic.
 */
export function wordsAround(text: string, start: number, end: number, n = 2): { before: Word[]; after: Word[] } {
  const toWord = (m: RegExpMatchArray, offset: number): Word =>
    ({ word: m[0].toLowerCase(), start: offset + m.index!, end: offset + m.index! + m[0].length });
  return { before: wordsBefore(text, start, n, toWord), after: matchesFrom(text, end, n).map((m) => toWord(m, 0)) };
}

/** Characters read per word wanted before the whole text up to `start` is read instead. */
const WINDOW_PER_WORD = 32;

function wordsBefore(text: string, start: number, n: number, toWord: (m: RegExpMatchArray, offset: number) => Word): Word[] {
  const from = start - WINDOW_PER_WORD * (n + 1);
  if (from > 0) {
    // The window may start inside a word: its first word is dropped; with too few left, all is read.
    const words = [...text.slice(from, start).matchAll(WORD)].slice(1);
    if (words.length >= n) return words.slice(-n).map((m) => toWord(m, from)).reverse();
  }
  return [...text.slice(0, start).matchAll(WORD)].map((m) => toWord(m, 0)).slice(-n).reverse();
}

/** The first `n` word matches of `text` from `end` on, without reading past them. */
function matchesFrom(text: string, end: number, n: number): RegExpMatchArray[] {
  const re = new RegExp(WORD.source, WORD.flags);
  re.lastIndex = end;
  const out: RegExpMatchArray[] = [];
  for (let m = n > 0 ? re.exec(text) : null; m; m = out.length < n ? re.exec(text) : null) out.push(m);
  return out;
}

/** Words that may sit between a field's name and its value: "budget is 1200", "nights: 3" has none. */
const CONNECTORS = new Set(["is", "of", "at", "be", "was", "are", "about", "around"]);

/** A field named by a word next to a value, and that word's place (it belongs to the value). */
export interface Label {
  field: FieldInScope;
  start: number;
  end: number;
}

/**
 * The field among `fields` that the words next to a value name: the word right after it
 * ("3 nights"), else the word right before it ("nights 3", "nights: 3"), else the word before a connector
 * ("budget is 1200"). Undefined when none does, or when two fields share the naming word.
 */
export function labelOf(text: string, start: number, end: number, fields: FieldInScope[]): Label | undefined {
  const { before, after } = wordsAround(text, start, end);
  const places = [after[0], before[0], CONNECTORS.has(before[0]?.word ?? "") ? before[1] : undefined];
  for (const place of places) {
    if (!place) continue;
    const [field, ...others] = fields.filter((f) => namesField(place.word, f));
    if (others.length > 0) return undefined;
    if (field) return { field, start: place.start, end: place.end };
  }
  return undefined;
}

/** Escape text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A case-insensitive, whole-word RegExp for a phrase; `_`, `-` and spaces in it match one another. */
export function phraseRegExp(phrase: string): RegExp {
  const parts = phrase.trim().split(/[\s_-]+/).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}_])${parts.join("[\\s_-]+")}(?![\\p{L}\\p{N}_])`, "giu");
}

/** Whether two candidates cover overlapping text. */
export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

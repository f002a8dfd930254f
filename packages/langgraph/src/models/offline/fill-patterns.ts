/**
 * The offline rule for `pattern` fields: the pattern matched anywhere in the text. Pure.
 *
 * Tried in order, the first that the field's full pattern accepts wins: the whole message, trimmed;
 * each whitespace-separated word with surrounding punctuation trimmed ("mail me at ana@example.com." →
 * "ana@example.com"); the first match of the pattern without its `^`/`$` anchors that does not cut a
 * word (for patterns that span several words: "my name is Ana Lima" → "Ana Lima" for
 * `^[A-Z][a-z]+ [A-Z][a-z]+$`; never the digits inside "#W8770097" for a zip code).
 * The pending question takes a match of any pattern. Another field takes one only when its pattern is
 * specific: it accepts none of "hello", "a", "42", "yes" (so `.+` or `^\d+$` never fill a field that
 * was not asked).
 */
import type { FieldInScope } from "../../understand/model-port.js";
import { RANK, type Candidate, type Rule } from "./spans.js";

const PROBES = ["hello", "a", "42", "yes"];
const TRIM = /^[\s"'“”‘’()[\]{}<>,;:!?.]+|[\s"'“”‘’()[\]{}<>,;:!?.]+$/g;

/** The field's pattern, or undefined when it does not compile. */
function compile(field: FieldInScope): RegExp | undefined {
  if (field.shape.kind !== "pattern") return undefined;
  try {
    return new RegExp(field.shape.pattern);
  } catch {
    return undefined;
  }
}

/** The words of the text with their positions, surrounding punctuation trimmed. */
function words(text: string): Array<{ word: string; start: number }> {
  const out: Array<{ word: string; start: number }> = [];
  for (const m of text.matchAll(/\S+/g)) {
    const lead = m[0].length - m[0].replace(/^[\s"'“”‘’()[\]{}<>,;:!?.]+/, "").length;
    const word = m[0].replace(TRIM, "");
    if (word) out.push({ word, start: m.index + lead });
  }
  return out;
}

/** The pattern without a leading `^` and a trailing unescaped `$`, global (for `matchAll`). */
function unanchored(re: RegExp): RegExp | undefined {
  const source = re.source.replace(/^\^/, "").replace(/(?<!\\)\$$/, "");
  try {
    return new RegExp(source, "g");
  } catch {
    return undefined;
  }
}

/** Where the pattern first matches, by the order documented above. Pure. */
export function matchPattern(text: string, re: RegExp): { value: string; start: number; end: number } | undefined {
  const whole = text.trim();
  if (whole && re.test(whole)) {
    const start = text.indexOf(whole);
    return { value: whole, start, end: start + whole.length };
  }
  for (const { word, start } of words(text)) {
    if (re.test(word)) return { value: word, start, end: start + word.length };
  }
  const loose = unanchored(re);
  if (!loose) return undefined;
  for (const m of text.matchAll(loose)) {
    const end = m.index + m[0].length;
    if (m[0] && re.test(m[0]) && atWordEdges(text, m.index, end)) return { value: m[0], start: m.index, end };
  }
  return undefined;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A match that starts or ends inside a word is not a value the person wrote: the five digits inside
 * an order id "#W8770097" are not a zip code. Pure.
 */
function atWordEdges(text: string, start: number, end: number): boolean {
  const cuts = (inside: string | undefined, outside: string | undefined) => inside !== undefined && outside !== undefined && WORD_CHAR.test(inside) && WORD_CHAR.test(outside);
  return !cuts(text[start], text[start - 1]) && !cuts(text[end - 1], text[end]);
}

export const fillPatterns: Rule = ({ text, fields, pending }) => {
  const out: Candidate[] = [];
  for (const field of fields) {
    const re = compile(field);
    if (!re) continue;
    const isPending = field === pending;
    if (!isPending && PROBES.some((p) => re.test(p))) continue;
    const hit = matchPattern(text, re);
    if (hit) out.push({ field: field.name, ...hit, rank: isPending ? RANK.pendingSure : RANK.other });
  }
  return out;
};

/**
 * The offline rule for `lookup` and `text` fields: only ever for the pending question (a name or a
 * sentence cannot be told apart from the rest of a message without being asked for). Pure.
 *
 * - `text`: the whole message, trimmed.
 * - `lookup`: the name the message gives. The message is cut into pieces at clause punctuation
 *   (`, ; . ! ?`) and at every value another field took ("3 nights"). In the first piece that holds
 *   "for", "to", "at", "attend(ing)" or "visit(ing)" with a name after it, the name is what follows the last such one ("I need to go to
 *   the Lisbon AI summit for 3 nights" → "Lisbon AI summit"); otherwise it is the first piece. A
 *   message that says the person does not know or have it ("I don't remember the number") names nothing. A leading
 *   article or "it's"/"that's", trailing small words ("in", "and", "please") and a trailing when ("next month") are dropped. "Book me for the Lisbon AI summit, 3 nights" → "Lisbon AI
 *   summit". The lookup tool then decides whether the name is known; the extractor does not guess.
 * Nothing is proposed when no letter or digit is left.
 */
import type { FieldInScope } from "../../understand/model-port.js";

interface Span {
  start: number;
  end: number;
}

const FILLER = /^(?:(?:the|a|an|it's|it is|its|that's|that is)\s+)+/i;
const EDGES = /^[\s"'“”‘’()[\]{}<>,;:!?.-]+|[\s"'“”‘’()[\]{}<>,;:!?.-]+$/g;

/** The text between clause punctuation and the spans other fields took, in order. */
function pieces(text: string, taken: Span[]): string[] {
  const cuts: Span[] = [...taken];
  for (const m of text.matchAll(/[,;!?\n]|\.(?=\s|$)/g)) cuts.push({ start: m.index, end: m.index + 1 });
  cuts.sort((a, b) => a.start - b.start);
  const out: string[] = [];
  let at = 0;
  for (const cut of cuts) {
    if (cut.start > at) out.push(text.slice(at, cut.start));
    at = Math.max(at, cut.end);
  }
  out.push(text.slice(at));
  return out;
}

/** Words that carry no name by themselves: a piece made only of them is skipped ("and", "please"). */
const EMPTY = new Set(["and", "or", "with", "in", "at", "on", "me", "please", "thanks", "then", "also", "for", "to", "of"]);

const LAST_WORD = /\s+([\p{L}']+)$/u;

/** When, said after a name: "the Lisbon AI Summit next month" names "Lisbon AI Summit". */
const WHEN_AFTER = /\s+(?:(?:next|this|coming|in\s+a)\s+(?:week|month|year|weekend|spring|summer|autumn|fall|winter)|tomorrow|today|tonight|soon)$/i;

/** The piece without edge punctuation, a leading article or filler, trailing empty words or a trailing when. */
function clean(piece: string): string | undefined {
  let value = piece.replace(EDGES, "").replace(FILLER, "").replace(EDGES, "").replace(WHEN_AFTER, "");
  let tail = value.match(LAST_WORD);
  // LAST_WORD's group is required, so a match has it.
  while (tail && EMPTY.has(tail[1]!.toLowerCase())) {
    value = value.slice(0, tail.index).replace(EDGES, "");
    tail = value.match(LAST_WORD);
  }
  const words = value.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.some((w) => !EMPTY.has(w)) ? value : undefined;
}

/** The name a message gives for a lookup, as documented above. Pure. */
export function nameFromText(text: string, taken: Span[] = []): string | undefined {
  const all = pieces(text, taken);
  for (const piece of all) {
    const marks = [...piece.matchAll(/(?<![\p{L}\p{N}_])(?:for|to|at|attend|attending|visit|visiting)(?![\p{L}\p{N}_])/giu)];
    // The last "for"/"to" followed by a name: "go to the Lisbon AI summit for [3 nights]" → after "to".
    for (const mark of marks.reverse()) {
      const named = clean(piece.slice(mark.index + mark[0].length));
      if (named) return named;
    }
  }
  for (const piece of all) {
    const named = clean(piece);
    if (named) return named;
  }
  return undefined;
}

/**
 * A message that says the person does not have what is asked ("I don't remember the number", "no
 * idea", "I forgot it"): it names nothing, so a lookup is not asked about it (and not refused as if it
 * named something the lookup does not know).
 */
const NOT_KNOWN = /(?<![\p{L}])(?:(?:i\s+)?(?:don'?t|do\s+not|can'?t|cannot|can\s+not)\s+(?:know|remember|recall|find|have)|no\s+idea|not\s+sure|forgot|forget|lost)(?![\p{L}])/iu;

/** The value the pending `lookup` or `text` field takes from the message, if any. Pure. */
export function freeTextValue(text: string, field: FieldInScope, taken: Span[]): string | undefined {
  if (field.shape.kind === "text") return /[\p{L}\p{N}]/u.test(text) ? text.trim() : undefined;
  if (field.shape.kind === "lookup") return NOT_KNOWN.test(text.replace(/’/g, "'")) ? undefined : nameFromText(text, taken);
  return undefined;
}

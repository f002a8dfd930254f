/**
 * The offline rule for `lookup` and `text` fields: only ever for the pending question (a name or a
 * sentence cannot be told apart from the rest of a message without being asked for). Pure.
 *
 * - `text`: the whole message, trimmed.
 * - `lookup`: the name the message gives. The message is cut into pieces at clause punctuation
 *   (`, ; . ! ?`) and at every value another field took ("3 nights"). In the first piece that holds
 *   "for" or "to", the name is what follows the last of them; otherwise it is the first piece. A leading
 *   article or "it's"/"that's", and trailing small words ("in", "and", "please"), are dropped. "Book me for the Lisbon AI summit, 3 nights" → "Lisbon AI
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

/** The piece without edge punctuation, a leading article or filler, or trailing empty words. */
function clean(piece: string): string | undefined {
  let value = piece.replace(EDGES, "").replace(FILLER, "").replace(EDGES, "");
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
    const marks = [...piece.matchAll(/(?<![\p{L}\p{N}_])(?:for|to)(?![\p{L}\p{N}_])/giu)];
    const last = marks.at(-1);
    if (!last) continue;
    const named = clean(piece.slice(last.index + last[0].length));
    if (named) return named;
  }
  for (const piece of all) {
    const named = clean(piece);
    if (named) return named;
  }
  return undefined;
}

/** The value the pending `lookup` or `text` field takes from the message, if any. Pure. */
export function freeTextValue(text: string, field: FieldInScope, taken: Span[]): string | undefined {
  if (field.shape.kind === "text") return /[\p{L}\p{N}]/u.test(text) ? text.trim() : undefined;
  if (field.shape.kind === "lookup") return nameFromText(text, taken);
  return undefined;
}

/**
 * The stretches of a message that could name something a `lookup:` field looks up ("Book me for the
 * Lisbon AI Summit, 3 nights" → "Lisbon AI Summit"), for routing: each is asked of the skill's lookup,
 * which alone decides whether it knows the name. Few on purpose (a lookup may be a remote call), longest
 * and most name-like first. Pure.
 */
import { nameFromText } from "./fill-free-text.js";
import { escapeRegExp } from "./spans.js";

/** At most this many stretches are asked per lookup field and message. */
export const MAX_SPANS = 6;

/** Words that end one stretch and start the next: they never sit inside a name in these messages. */
const CUTS = new Set([
  "for", "to", "at", "in", "on", "with", "and", "or", "me", "please", "i", "i'm", "im", "i'd", "i'll", "my", "is",
  "it's", "book", "need", "want", "like", "going", "go", "get", "off", "from", "then", "also", "about", "attend",
  "visit", "trip", "ticket", "tickets", "hi", "hello", "hey", "thanks", "night", "nights", "ship", "deploy",
]);

const EDGES = /^[\s"'“”‘’()[\]{}<>,;:!?.-]+|[\s"'“”‘’()[\]{}<>,;:!?.-]+$/g;
const ARTICLE = /^(?:the|a|an)\s+/i;

/** The stretches between clause punctuation, cut words and numbers, with articles and edges trimmed. */
function stretches(text: string): string[] {
  const out: string[] = [];
  for (const clause of text.split(/[,;!?\n]|\.(?=\s|$)/)) {
    let words: string[] = [];
    const flush = () => {
      const value = words.join(" ").replace(EDGES, "").replace(ARTICLE, "").replace(EDGES, "");
      if (/\p{L}/u.test(value)) out.push(value);
      words = [];
    };
    for (const word of clause.split(/\s+/).filter(Boolean)) {
      const bare = word.replace(EDGES, "").toLowerCase().replace(/’/g, "'");
      if (CUTS.has(bare) || /^\d/.test(bare)) flush();
      else words.push(word);
    }
    flush();
  }
  return out;
}

/** The stretches to ask a lookup about, in order, each once (case-insensitive), at most MAX_SPANS. Pure. */
export function lookupSpans(text: string): string[] {
  const candidates = [nameFromText(text), text.replace(EDGES, ""), ...stretches(text)];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const c of candidates) {
    const key = c?.toLowerCase();
    if (!c || !key || seen.has(key) || !/\p{L}/u.test(c)) continue;
    seen.add(key);
    out.push(c);
  }
  return out.slice(0, MAX_SPANS);
}

/** Words after which "to" names a place or event one goes to ("off to", "going to", "fly to"). */
const MOTION = "off|go|going|goes|get|getting|head|heading|headed|fly|flying|travel|travelling|traveling|way|trip|ticket|visit";

/**
 * A proper name the message gives after "for", or after "to" following a word of going ("I'm off to
 * the Paris Robotics Expo" → "Paris Robotics Expo"; not "talk to John Smith"): two or more words, each
 * capitalized (or an acronym). Weak evidence that the message is about a skill with a lookup field, even
 * when the lookup does not know the name. Pure.
 */
export function framedName(text: string): string | undefined {
  const name = nameFromText(text);
  if (!name) return undefined;
  const words = name.split(/\s+/);
  if (words.length < 2 || !words.every((w) => /^[\p{Lu}\p{N}]/u.test(w))) return undefined;
  const frame = `(?<![\\p{L}\\p{N}_])(?:for|(?:${MOTION})\\s+to)\\s+(?:the\\s+)?${escapeRegExp(name)}`;
  return new RegExp(frame, "iu").test(text) ? name : undefined;
}

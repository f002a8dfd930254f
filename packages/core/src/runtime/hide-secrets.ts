/**
 * What of a free-text message may reach the model. The person's words go as typed, except secrets:
 * - every secret value already given in this conversation (an answer, one refused by a check, one
 *   typed earlier) is masked wherever it appears again (`maskKnownSecrets`, as redaction does);
 * - a secret *volunteered* before it is asked — a match of an unanswered secret field's `pattern:` that
 *   the person names as that secret ("my PIN is 4071": `secret-cues.ts`) — is masked and kept as an
 *   offer for its field. It is never used unseen: at its question the person types it again (run-ask).
 * A bare match with no cue is left as typed, so years, amounts, phone numbers and ids reach the model
 * unchanged. Pure.
 */
import type { FieldDecl, Skill } from "../format/ir.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import { maskKnownSecrets, secretValuesOf } from "./redact.js";
import { cuesOf, namedByCue, onlyCueAndLinking } from "./secret-cues.js";
import type { FlowState } from "./types.js";

export interface HiddenSecrets {
  /** The text with every known secret, and every volunteered one, replaced by `[secret]`. */
  text: string;
  /** The first volunteered match for each secret field not answered yet. */
  offers: Record<string, string>;
}

/** The text safe to send to the model, and the secrets volunteered in it (`state`: the skill's, if any). */
export function hideSecrets(skill: Skill, state: FlowState | null, text: string): HiddenSecrets {
  let out = state ? maskKnownSecrets(text, secretValuesOf(skill, state)) : text;
  const offers: Record<string, string> = {};
  for (const field of Object.values(skill.fields)) {
    if (!field.secret || field.shape.kind !== "pattern" || (state && Object.hasOwn(state.answers, field.name))) continue;
    const pattern = inTextPattern(field);
    if (!pattern) continue;
    const matches = [...out.matchAll(pattern)].map((m) => ({ at: m.index, end: m.index + m[0].length, text: m[0] }));
    const named = namedMatches(cuesOf(field), out, matches);
    if (named.length === 0) continue;
    offers[field.name] = named[0]!;
    // The volunteered value is the secret wherever it stands in the message, named or not.
    out = maskKnownSecrets(out, [...new Set(named)]);
  }
  return { text: out, offers };
}

type Match = { at: number; end: number; text: string };

/**
 * The matches the person names as the secret. A cue before a match names it ("my PIN is 4071"); a cue
 * after one names it ("4071 is my PIN") unless that cue goes on to name the next match ("1990, my PIN
 * is 4071": the cue is 4071's, not 1990's).
 */
function namedMatches(cues: string[][], text: string, matches: Match[]): string[] {
  const before = matches.map((m) => namedByCue(cues, text.slice(0, m.at), ""));
  return matches.filter((m, i) => {
    if (before[i]) return true;
    if (!namedByCue(cues, "", text.slice(m.end))) return false;
    const next = matches[i + 1];
    return !(next && before[i + 1] && onlyCueAndLinking(cues, text.slice(m.end, next.at)));
  }).map((m) => m.text);
}

const cache = new WeakMap<FieldDecl, RegExp | null>();

/** The field's pattern, unanchored, found only where it stands alone (not inside a longer word or number). */
function inTextPattern(field: FieldDecl): RegExp | null {
  if (cache.has(field)) return cache.get(field)!;
  let source = (field.shape as { pattern: string }).pattern;
  if (source.startsWith("^")) source = source.slice(1);
  if (source.endsWith("$") && !source.endsWith("\\$")) source = source.slice(0, -1);
  let found: RegExp | null;
  try {
    found = new RegExp(`(?<![A-Za-z0-9])(?:${source})(?![A-Za-z0-9])`, "g");
    // A pattern that matches the empty text would mask everything: not looked for.
    if (found.test("")) found = null;
    if (found) found.lastIndex = 0;
  } catch {
    found = null;
  }
  cache.set(field, found);
  return found;
}

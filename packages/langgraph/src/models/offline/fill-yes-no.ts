/**
 * The offline rule for `yes_no` fields. Pure. (Confirmations never come here: they are buttons.)
 *
 * - The pending question takes the first yes-word or no-word ("yes", "yep", "sure", "of course",
 *   "no problem" → true; "no", "nope", "nah", "not really" → false). A whole message of "y" or "n" counts.
 *   A hedge anywhere ("not sure", "maybe", "don't know") gives nothing.
 * - Another yes/no field takes a value only when the text says "with X" (true), or "without X" /
 *   "no X" (false), where X is one of the field's name words ("no insurance" → `insurance: false`).
 */
import type { FieldInScope } from "../../understand/model-port.js";
import { RANK, fieldWords, phraseRegExp, singular, type Candidate, type Rule } from "./spans.js";

const YES = ["yes", "yeah", "yea", "yep", "yup", "sure", "ok", "okay", "of course", "certainly", "absolutely",
  "correct", "affirmative", "please do", "go ahead", "do it", "no problem", "why not", "definitely"];
const NO = ["no", "nope", "nah", "not really", "negative", "no thanks", "no thank you", "never", "don't", "do not"];
const HEDGES = /\b(?:not sure|maybe|perhaps|don't know|do not know|dunno|no idea|not certain)\b/i;

interface Hit {
  value: boolean;
  start: number;
  end: number;
}

/** Every yes/no phrase in the text, without those inside a longer one ("no problem" hides "no"). */
export function findYesNo(text: string): Hit[] {
  const hits: Hit[] = [];
  for (const [terms, value] of [[YES, true], [NO, false]] as const) {
    for (const term of terms) {
      for (const m of text.matchAll(phraseRegExp(term))) hits.push({ value, start: m.index, end: m.index + m[0].length });
    }
  }
  const inside = (h: Hit) => hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start);
  return hits.filter((h) => !inside(h)).sort((a, b) => a.start - b.start);
}

/** The answer to a yes/no question, or undefined when the text gives none. Pure. */
export function readYesNo(text: string): Hit | undefined {
  if (HEDGES.test(text)) return undefined;
  const whole = text.trim().toLowerCase();
  if (whole === "y" || whole === "n") {
    const start = text.indexOf(text.trim());
    return { value: whole === "y", start, end: start + 1 };
  }
  return findYesNo(text)[0];
}

/** "with insurance" → true, "without insurance" / "no insurance" → false, for a field named insurance. */
function mentioned(text: string, field: FieldInScope): Hit | undefined {
  const re = /\b(with|without|no)\s+([\p{L}]+)/giu;
  const names = fieldWords(field.name).map(singular);
  // Both groups are required, so every match has them.
  for (const m of text.matchAll(re)) {
    if (!names.includes(singular(m[2]!))) continue;
    return { value: m[1]!.toLowerCase() === "with", start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

export const fillYesNo: Rule = ({ text, fields, pending }) => {
  const out: Candidate[] = [];
  for (const field of fields) {
    if (field.shape.kind !== "yes_no") continue;
    const hit = field === pending ? (mentioned(text, field) ?? readYesNo(text)) : mentioned(text, field);
    const rank = field === pending ? RANK.pendingSure : RANK.other;
    if (hit) out.push({ field: field.name, value: hit.value, start: hit.start, end: hit.end, rank });
  }
  return out;
};

/**
 * The offline rule for a field that holds a default (`current`, the value it starts from): "same
 * address, but Suite 641" changes the one field whose default the new words replace. After "but" (or
 * "except", "only", "just"), a phrase whose first word is the first word of a text field's default, and
 * that differs from it, is that field's new value: "Suite 641" for a default "Suite 271". A phrase that
 * fits no default, or more than one, is left to the other rules. Pure.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import { RANK, type Candidate, type RuleInput } from "./spans.js";

const CHANGE = /\b(?:but|except|only|just)\s+(?:the\s+|with\s+|make\s+it\s+)?([^,;.!?\n]+)/gi;

/** Candidates for the defaulted text fields the message gives a new value to. */
export function fillDefaults(input: RuleInput): Candidate[] {
  const defaulted = input.fields.filter((f) => typeof f.current === "string" && f.current.trim() !== "" && textLike(f));
  if (defaulted.length === 0) return [];
  const out: Candidate[] = [];
  for (const m of input.text.matchAll(CHANGE)) {
    const phrase = m[1]!.trim();
    const first = firstWord(phrase);
    const fits = defaulted.filter((f) => firstWord(String(f.current)) === first && String(f.current).toLowerCase() !== phrase.toLowerCase());
    if (fits.length !== 1 || first === undefined) continue;
    const start = m.index + m[0].length - m[1]!.length;
    out.push({ field: fits[0]!.name, value: phrase, start, end: start + phrase.length, rank: RANK.other });
  }
  return out;
}

function textLike(field: FieldInScope): boolean {
  return field.shape.kind === "text" || field.shape.kind === "pattern";
}

function firstWord(text: string): string | undefined {
  return text.trim().toLowerCase().match(/^[\p{L}\p{N}#]+/u)?.[0];
}

/**
 * The offline rule for `choices` fields. Pure.
 *
 * - A choice is found when it, or one of its synonyms from the field's declaration, appears as whole
 *   words, case-insensitive; `_`, `-` and spaces match one another ("premium_economy" ↔ "premium economy").
 * - A longer phrase wins over a shorter one inside it ("premium economy" over "economy").
 * - A choice right after "not", "no", "never" or "without" is ignored ("not economy, business" → business).
 * - When the text holds two different choices of one field, that field gets nothing (ambiguous).
 * - When the same words are a choice of two fields, only the pending question may take them.
 * The value is the choice as declared.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import { RANK, overlaps, phraseRegExp, type Candidate, type Rule } from "./spans.js";

const NEGATED = /(?:^|[^\p{L}])(?:not|no|never|without)\s+$/iu;

interface Hit {
  choice: string;
  start: number;
  end: number;
}

/** Every term (choice or synonym) of the field, paired with its choice. */
function termsOf(field: FieldInScope): Array<[term: string, choice: string]> {
  if (field.shape.kind !== "choices") return [];
  const terms: Array<[string, string]> = [];
  for (const choice of field.shape.choices) {
    terms.push([choice, choice]);
    for (const synonym of field.synonyms?.[choice] ?? []) terms.push([synonym, choice]);
  }
  return terms;
}

/** The non-negated hits of one field, without hits inside a longer hit. */
function hitsOf(text: string, field: FieldInScope): Hit[] {
  const hits: Hit[] = [];
  for (const [term, choice] of termsOf(field)) {
    if (!term.trim()) continue;
    for (const m of text.matchAll(phraseRegExp(term))) {
      if (NEGATED.test(text.slice(0, m.index))) continue;
      hits.push({ choice, start: m.index, end: m.index + m[0].length });
    }
  }
  const inside = (h: Hit) => hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start);
  return hits.filter((h) => !inside(h)).sort((a, b) => a.start - b.start);
}

/** One candidate per field whose hits all name the same choice. */
function candidatesOf(text: string, fields: FieldInScope[], pending?: FieldInScope): Candidate[] {
  const out: Candidate[] = [];
  for (const field of fields) {
    const hits = hitsOf(text, field);
    const first = hits[0];
    if (!first || new Set(hits.map((h) => h.choice)).size > 1) continue;
    const rank = field === pending ? RANK.pendingSure : RANK.other;
    out.push({ field: field.name, value: first.choice, start: first.start, end: first.end, rank });
  }
  return out;
}

export const fillChoices: Rule = ({ text, fields, pending }) => {
  const candidates = candidatesOf(text, fields.filter((f) => f.shape.kind === "choices"), pending);
  const shared = (c: Candidate) => candidates.some((o) => o.field !== c.field && overlaps(o, c));
  return candidates.filter((c) => c.field === pending?.name || !shared(c));
};

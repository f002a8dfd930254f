/**
 * The offline rule for `date` fields. Pure.
 *
 * - A date is named by the date field with the most name words among the three words before it
 *   ("check out on 2027-03-05" names `check_out` over `check_in`; "arriving March 3 2027" names nothing).
 * - The pending question takes the first date that names no other date field.
 * - Another date field takes a date that names it, or the one date in the text when it is the only date
 *   field in scope.
 * - A date that does not exist ("2027-02-30", "30 February") goes only to the pending question, below
 *   any real date, so the runtime refuses it and says why ("30 February 2027 does not exist").
 * Dates are read relative to the flow's clock (`read-dates.ts`). Values are ISO `yyyy-mm-dd` strings.
 */
import type { FieldInScope } from "../../understand/model-port.js";
import type { DateMatch } from "./read-dates.js";
import { RANK, fieldWords, singular, wordsAround, type Candidate, type Label, type Rule } from "./spans.js";

/**
 * The date field with the most name words among the three words before the date, if one leads, and
 * where its first name word starts (the name belongs to the value: "arrival March 3 2027").
 */
function labelOfDate(text: string, date: DateMatch, fields: FieldInScope[]): Label | undefined {
  const before = wordsAround(text, date.start, date.end, 3).before;
  const hitsOf = (f: FieldInScope) => before.filter((b) => fieldWords(f.name).some((w) => singular(w) === singular(b.word)));
  const hits = fields.map(hitsOf);
  const best = Math.max(...hits.map((h) => h.length));
  if (best === 0 || hits.filter((h) => h.length === best).length > 1) return undefined;
  const winner = hits.findIndex((h) => h.length === best);
  const field = fields[winner];
  const words = hits[winner];
  if (!field || !words) return undefined;
  return { field, start: Math.min(...words.map((w) => w.start)), end: date.start };
}

function rankFor(date: DateMatch, field: FieldInScope, label: FieldInScope | undefined, only: boolean, pending?: FieldInScope): number | undefined {
  if (label && label !== field) return undefined;
  if (!date.exists) return field === pending ? RANK.pendingMisfit : undefined;
  if (field === pending) return label ? RANK.pendingSure : RANK.pending;
  return label || only ? RANK.other : undefined;
}

export const fillDates: Rule = ({ text, fields, pending, dates: read }) => {
  const dateFields = fields.filter((f) => f.shape.kind === "date");
  if (dateFields.length === 0) return [];
  const dates = read();
  const only = dateFields.length === 1 && dates.length === 1 && dates[0]!.exists;
  const out: Candidate[] = [];
  for (const date of dates) {
    const label = labelOfDate(text, date, dateFields);
    for (const field of dateFields) {
      const rank = rankFor(date, field, label?.field, only, pending);
      if (rank === undefined) continue;
      const start = label ? label.start : date.start;
      out.push({ field: field.name, value: date.iso, start, end: date.end, rank });
    }
  }
  return out;
};

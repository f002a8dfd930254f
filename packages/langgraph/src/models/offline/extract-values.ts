/**
 * The offline extractor's values for one request: each rule (a new value for a defaulted field, patterns,
 * ids shaped as a field's description shows them, email addresses, dates, choices, numbers, yes/no)
 * proposes candidates; they are taken strongest first — the pending question before other fields, a
 * value named by the text before a guess — each field at most once and each stretch of text for one
 * field only. When the pending field is a `lookup` or `text` and no rule filled it, it takes the
 * message (see `fill-free-text.ts`) — except a lookup whose description shows its ids by example
 * (`fill-examples.ts`): "the tablet one" is not an order id. Questions in the message answer nothing (`read-questions.ts`): the
 * rules and a lookup read the rest; a `text` field takes the message as typed. Dates are read against
 * `now`, the flow's clock (an ISO instant). Pure.
 */
import type { ExtractRequest, FieldInScope } from "../../understand/model-port.js";
import { fillChoices } from "./fill-choices.js";
import { fillDates } from "./fill-dates.js";
import { fillEmails } from "./fill-emails.js";
import { fillDefaults } from "./fill-defaults.js";
import { examplesOf, fillExamples } from "./fill-examples.js";
import { freeTextValue } from "./fill-free-text.js";
import { fillNumbers } from "./fill-numbers.js";
import { fillPatterns } from "./fill-patterns.js";
import { fillYesNo } from "./fill-yes-no.js";
import { findDateMatches, type DateMatch } from "./read-dates.js";
import { withoutQuestions } from "./read-questions.js";
import { overlaps, type Candidate, type Rule, type RuleInput } from "./spans.js";

/** The rules, in the order their candidates are listed (ties in rank and position go to the earlier rule). */
const RULES: Rule[] = [fillDefaults, fillPatterns, fillExamples, fillEmails, fillDates, fillChoices, fillNumbers, fillYesNo];

/** Take candidates strongest first, each field once, each stretch of text once. Pure. */
function assign(candidates: Candidate[]): Candidate[] {
  const sorted = candidates
    .map((c, order) => ({ c, order }))
    .sort((a, b) => a.c.rank - b.c.rank || a.c.start - b.c.start || a.order - b.order)
    .map(({ c }) => c);
  const taken: Candidate[] = [];
  for (const c of sorted) {
    if (taken.some((t) => t.field === c.field || overlaps(t, c))) continue;
    taken.push(c);
  }
  return taken;
}

/** The values the rules find in `request.text` for the fields in scope, with dates read against `now`. Pure. */
export function extractOffline(request: ExtractRequest, now?: string): Record<string, unknown> {
  const pending: FieldInScope | undefined = request.fields.find((f) => f.name === request.pending?.field);
  const text = withoutQuestions(request.text);
  let dates: DateMatch[] | undefined;
  const input: RuleInput = { text, fields: request.fields, pending, dates: () => (dates ??= findDateMatches(text, now)) };
  const taken = assign(RULES.flatMap((rule) => rule(input)));
  const values: Record<string, unknown> = {};
  for (const c of taken) values[c.field] = c.value;
  // A lookup of ids shown by example ("#W1234567") takes only an id of that form, never the message.
  const idsOnly = pending?.shape.kind === "lookup" && examplesOf(pending).length > 0;
  if (pending && !(pending.name in values) && !idsOnly) {
    const value = freeTextValue(pending.shape.kind === "text" ? request.text : text, pending, taken);
    if (value !== undefined) values[pending.name] = value;
  }
  return values;
}

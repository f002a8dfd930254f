/**
 * The offline extractor (`--model offline`): deterministic rules instead of a model. No key, no network,
 * no clock; the same message and fields always give the same values. It is the default when no model key
 * is set, so a skill can be tried at once.
 *
 * What it does on a turn: each rule (patterns, dates, choices, numbers, yes/no) proposes candidates; the
 * candidates are taken strongest first — the pending question before other fields, a value named by
 * the text before a guess — each field at most once and each stretch of text for one field only. When
 * the pending field is a `lookup` or `text` and no rule filled it, it takes the message (see
 * `fill-free-text.ts`). When nothing matches, it returns no values.
 *
 * What it does not do: answer freely (it never returns a `reply`, even when a `chat` step is in scope),
 * fill fields outside the request (secrets, picks and confirmations are never offered to any model), or
 * call anything. Usage is always zero tokens. The runtime validates every value it proposes, as it does
 * for a model's.
 *
 * When several skills are offered (`request.skills`), it picks one by word overlap (`pick-skill.ts`),
 * reads "switch" and "cancel" with the rules of `read-intent.ts`, and fills the fields of the skill the
 * message goes to: the one in progress, or the one it starts or switches to (no pending question there).
 * A cancel fills nothing.
 */
import type { ExtractRequest, ExtractResult, FieldInScope, ModelPort } from "../model-port.js";
import { fillChoices } from "./offline/fill-choices.js";
import { fillDates } from "./offline/fill-dates.js";
import { freeTextValue } from "./offline/fill-free-text.js";
import { fillNumbers } from "./offline/fill-numbers.js";
import { fillPatterns } from "./offline/fill-patterns.js";
import { fillYesNo } from "./offline/fill-yes-no.js";
import { pickSkill } from "./offline/pick-skill.js";
import { readIntent } from "./offline/read-intent.js";
import { overlaps, type Candidate, type Rule, type RuleInput } from "./offline/spans.js";

/** The rules, in the order their candidates are listed (ties in rank and position go to the earlier rule). */
const RULES: Rule[] = [fillPatterns, fillDates, fillChoices, fillNumbers, fillYesNo];

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

/** The values the rules find in `request.text` for the fields in scope. Pure. */
export function extractOffline(request: ExtractRequest): Record<string, unknown> {
  const pending: FieldInScope | undefined = request.fields.find((f) => f.name === request.pending?.field);
  const input: RuleInput = { text: request.text, fields: request.fields, pending };
  const taken = assign(RULES.flatMap((rule) => rule(input)));
  const values: Record<string, unknown> = {};
  for (const c of taken) values[c.field] = c.value;
  if (pending && !(pending.name in values)) {
    const value = freeTextValue(request.text, pending, taken);
    if (value !== undefined) values[pending.name] = value;
  }
  return values;
}

/** The offline extractor as a model port (id `offline`). */
export function offlineModel(): ModelPort {
  return {
    id: "offline",
    async extract(request: ExtractRequest): Promise<ExtractResult> {
      const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
      if (!request.skills) return { extraction: { ok: true, values: extractOffline(request) }, usage };
      const skill = pickSkill(request.text, request.skills);
      const intent = readIntent(request.text, request.skill.name, skill);
      const values = intent === "cancel" ? {} : extractOffline(targetRequest(request, skill, intent));
      const result: ExtractResult = { extraction: { ok: true, values }, usage };
      if (skill !== undefined) result.skill = skill;
      if (intent !== undefined) result.intent = intent;
      return result;
    },
  };
}

/** The request narrowed to the skill the message goes to: the one in progress unless it starts or switches. */
function targetRequest(request: ExtractRequest, skill: string | undefined, intent: string | undefined): ExtractRequest {
  const active = request.skill.name;
  const starts = skill !== undefined && skill !== active && (intent === "switch" || !active);
  if (!starts) return request;
  const fields = request.skills?.find((s) => s.name === skill)?.fields ?? [];
  const { pending: _pending, ...rest } = request;
  return { ...rest, fields };
}

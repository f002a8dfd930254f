/**
 * The offline extractor (`--model offline`): deterministic rules instead of a model. No key, no network;
 * the same message, fields and clock always give the same values. It is the default when no model key
 * is set, so a skill can be tried at once.
 *
 * The clock: relative dates ("tomorrow", "next Monday", "3 March") are read against the flow's clock
 * (`createFlow({ now })`, frozen in proofs), which a flow hands to its port through `withClock`; a port
 * used on its own reads them against `offlineModel({ now })`, by default the real clock.
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
 * When several skills are offered (`request.skills`), it picks one by the evidence the message holds
 * for each (`route-skill.ts`: a name a skill's lookup knows, through the host's `knows` probe; a value
 * a pattern or another field takes; shared words), reads "switch" and "cancel" with the rules of
 * `read-intent.ts`, and fills the fields of the skill the message goes to: the one in progress, or the
 * one it starts or switches to (no pending question there; a lookup value its lookup knew is kept).
 * A cancel fills nothing.
 */
import type { ExtractRequest, ExtractResult, ModelPort } from "../understand/model-port.js";
import type { ClockedModelPort } from "./clocked-port.js";
import { extractOffline } from "./offline/extract-values.js";
import { routeSkill } from "./offline/route-skill.js";
import { readIntent } from "./offline/read-intent.js";

export { extractOffline };

export interface OfflineModelOptions {
  /** The clock relative dates are read against, as an ISO instant. Default: the real clock. */
  now?: (() => string) | undefined;
}

/** The offline extractor as a model port (id `offline`). */
export function offlineModel(options: OfflineModelOptions = {}): ClockedModelPort {
  const clock = options.now ?? (() => new Date().toISOString());
  return {
    id: "offline",
    withClock: (now) => offlineModel({ ...options, now }),
    async extract(request: ExtractRequest): Promise<ExtractResult> {
      const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
      const now = clock();
      if (!request.skills) return { extraction: { ok: true, values: extractOffline(request, now) }, usage };
      const { skill, lookups } = await routeSkill(request, now);
      const intent = readIntent(request.text, request.skill.name, skill);
      const target = targetRequest(request, skill, intent);
      const menu = request.skills.find((s) => s.name === skill)?.menu === true;
      const values = intent === "cancel" ? {} : { ...(target !== request && !menu ? lookups : {}), ...extractOffline(target, now) };
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
  // A menu skill carries no fields (its fields served only to choose it: a model reading the prompt was
  // not told them), so none of its values is returned; the skill asks for them once it starts.
  const fields = request.skills?.find((s) => s.name === skill)?.fields ?? [];
  const { pending: _pending, ...rest } = request;
  return { ...rest, fields };
}

/**
 * The checks of one proof turn: each expectation key compared with what the turn showed and did.
 * Each outcome says what was expected and what was seen, in words for the report. Pure.
 */
import { ownValue, type Answer, type Pending, nameOfKey } from "@skillflow/core";
import type { TurnResult } from "../render/render-turn.js";
import type { ExpectationKey, Expectations } from "./proof-types.js";
import { describe, describeList, describePending, matchesText, sameValue, shownTexts } from "./describe-seen.js";

/** What a turn produced, with answers in clear (proofs compare secrets too; reports never print them). */
export interface TurnObservation {
  result: TurnResult;
  answers: Record<string, Answer>;
  pending?: Pending;
  /** Secret fields: a `fields` check compares their values but shows them as `[secret]`. */
  secretFields?: ReadonlySet<string>;
  /** The skill in progress after the turn, or null when none is. */
  active?: string | null;
}

export interface CheckOutcome {
  key: ExpectationKey;
  ok: boolean;
  expected: string;
  seen: string;
}

export function checkExpectations(expect: Expectations, order: ExpectationKey[], seen: TurnObservation): CheckOutcome[] {
  return order.map((key) => checkOne(key, expect, seen));
}

function checkOne(key: ExpectationKey, expect: Expectations, seen: TurnObservation): CheckOutcome {
  const { result } = seen;
  const ran = result.tools.map((t) => t.tool);
  switch (key) {
    case "asks": {
      // A decide waiting for the person's choice is asked like a field of its id.
      const ok = (seen.pending?.kind === "ask" && seen.pending.field === expect.asks) || (seen.pending?.kind === "decide" && seen.pending.decide === expect.asks);
      return { key, ok, expected: expect.asks!, seen: describePending(seen.pending) };
    }
    case "says": {
      const texts = shownTexts(result);
      const missing = expect.says!.filter((pattern) => !texts.some((t) => matchesText(t, pattern)));
      return { key, ok: missing.length === 0, expected: expect.says!.map(quote).join(" + "), seen: describeList(texts, "nothing shown") };
    }
    case "shows": {
      const names = result.widgets.map((w) => w.name);
      return { key, ok: names.includes(expect.shows!), expected: expect.shows!, seen: describeList(names, "no widget") };
    }
    case "called": {
      const want = [...new Set(expect.called!)].sort();
      const got = [...new Set(ran)].sort();
      return { key, ok: want.join() === got.join(), expected: `[${want.join(", ")}]`, seen: `[${ran.join(", ")}]` };
    }
    case "called_in_order":
      return { key, ok: isSubsequence(expect.called_in_order!, ran), expected: `[${expect.called_in_order!.join(", ")}]`, seen: `[${ran.join(", ")}]` };
    case "not_called": {
      const hit = expect.not_called!.filter((t) => ran.includes(t));
      return { key, ok: hit.length === 0, expected: `none of [${expect.not_called!.join(", ")}]`, seen: hit.length ? `ran ${hit.join(", ")}` : `[${ran.join(", ")}]` };
    }
    default:
      return checkState(key, expect, seen);
  }
}

function checkState(key: ExpectationKey, expect: Expectations, seen: TurnObservation): CheckOutcome {
  const { result } = seen;
  switch (key) {
    case "fields": {
      const wrong = Object.entries(expect.fields!).filter(([f, v]) => !sameValue(ownValue(seen.answers, f)?.value, v));
      const secret = (f: string) => seen.secretFields?.has(nameOfKey(f)) === true;
      const value = (f: string) => (secret(f) ? describe("[secret]") : describe(seen.answers[f]!.value));
      const shown = wrong.map(([f]) => `${f}=${ownValue(seen.answers, f) ? value(f) : "(not set)"}`);
      return { key, ok: wrong.length === 0, expected: describe(expect.fields), seen: wrong.length ? shown.join(", ") : "all set" };
    }
    case "dropped": {
      const got = [...new Set(result.trace.flatMap((e) => (e.type === "dropped" ? [e.field] : [])))].sort();
      const want = [...new Set(expect.dropped!)].sort();
      return { key, ok: want.join() === got.join(), expected: `[${want.join(", ")}]`, seen: `[${got.join(", ")}]` };
    }
    case "refused": {
      const messages = result.trace.flatMap((e) => (e.type === "refused" ? [e.message] : []));
      const ok = messages.some((m) => matchesText(m, expect.refused!));
      return { key, ok, expected: quote(expect.refused!), seen: describeList(messages, "no refusal") };
    }
    case "waits_for": {
      const pending = seen.pending;
      const ok = pending?.kind === "approval" && pending.confirm === expect.waits_for;
      // A passing line names the request, so a proof (or a person) can approve that exact request.
      const expected = ok ? `${expect.waits_for!} (request ${pending.requestId})` : expect.waits_for!;
      // `waits_for:` is an approval from outside; the person's own yes is checked by pressing it.
      const own = pending?.kind === "confirm" && pending.confirm === expect.waits_for;
      const note = own ? " (the person's own yes, not an approval by a role: `waits_for:` is for `confirm … by:`; check the card with `says:` and press it)" : "";
      return { key, ok, expected, seen: describePending(pending) + note };
    }
    case "model_calls":
      return { key, ok: result.usage.modelCalls === expect.model_calls, expected: String(expect.model_calls), seen: String(result.usage.modelCalls) };
    case "done":
      return { key, ok: result.done === expect.done, expected: String(expect.done), seen: result.done ? "done" : describePending(seen.pending) };
    case "active":
      return { key, ok: (seen.active ?? null) === expect.active, expected: expect.active ?? "none", seen: seen.active ?? "none" };
    case "handed_off": {
      const want = expect.handed_off!;
      const tool = result.handedOff?.tool;
      const ok = typeof want === "boolean" ? (tool !== undefined) === want : tool === want;
      const expected = want === true ? "handed over" : want === false ? "not handed over" : `handed over with ${want}`;
      return { key, ok, expected, seen: tool ? `handed over with ${tool}` : "not handed over" };
    }
    case "ends": {
      const want = expect.ends!;
      const ended = result.ended;
      const ok = typeof want === "boolean" ? (ended !== undefined) === want : ended?.outcome === want;
      const expected = want === true ? "ended" : want === false ? "not ended" : `ended as ${want}`;
      return { key, ok, expected, seen: ended ? `ended as ${ended.outcome} (${ended.status})` : "not ended" };
    }
    default:
      throw new Error(`No check for ${key}.`);
  }
}

/** A text expectation as written: `/regex/` bare, anything else in quotes. */
function quote(pattern: string): string {
  return /^\/.+\/[a-z]*$/s.test(pattern) ? pattern : JSON.stringify(pattern);
}

/** `want` appears in `got` in this order, other items allowed between. Pure. */
function isSubsequence(want: string[], got: string[]): boolean {
  let i = 0;
  for (const item of got) if (item === want[i]) i++;
  return i === want.length;
}

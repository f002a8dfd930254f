/**
 * Generated event sequences for the confirm properties: abstract actions a person, an approver or an
 * overreaching model could take, each turned into a concrete event from what the session has observed
 * (the question on screen, the cards and requests shown so far). Answers by text with a scripted
 * extraction, picks and typed secrets; corrections of earlier answers; presses with the card's digest,
 * without it, or with a stale one; approvals by the right or the wrong role, naming the waiting request,
 * none, a superseded one or an unknown one; model output that tries to set what only a person may set.
 */
import fc from "fast-check";
import type { FlowEvent } from "../../../packages/core/src/runtime/types.js";
import type { Observed } from "./observe-session.js";

export type Action =
  /** Whatever the screen asks for, as a cooperative person (and approver) would: a valid answer, yes, approve. */
  | { kind: "advance"; k: number }
  | { kind: "answer"; k: number }
  | { kind: "correct"; field: "a" | "b" | "n" | "rating" | "item"; k: number }
  | { kind: "press"; yes: boolean; card: "screen" | "none" | "stale"; pick: number }
  | { kind: "approve"; yes: boolean; role: "right" | "wrong"; request: "waiting" | "none" | "stale" | "unknown"; pick: number }
  | { kind: "overreach"; k: number }
  | { kind: "noise"; malformed: boolean };

const k = fc.nat({ max: 5 });

export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 16, arbitrary: fc.nat({ max: 2 }).map((k): Action => ({ kind: "advance", k })) },
  { weight: 6, arbitrary: k.map((k): Action => ({ kind: "answer", k })) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("correct" as const), field: fc.constantFrom("a", "b", "n", "rating", "item" as const), k }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("press" as const), yes: fc.constantFrom(true, true, true, false), card: fc.constantFrom("screen", "screen", "none", "stale" as const), pick: k }) },
  { weight: 3, arbitrary: fc.record({
    kind: fc.constant("approve" as const), yes: fc.boolean(), role: fc.constantFrom("right", "right", "wrong" as const),
    request: fc.constantFrom("waiting", "none", "stale", "unknown" as const), pick: k,
  }) },
  { weight: 1, arbitrary: k.map((k): Action => ({ kind: "overreach", k })) },
  { weight: 1, arbitrary: fc.boolean().map((malformed): Action => ({ kind: "noise", malformed })) },
);

/** A conversation: mostly cooperative steps forward, mixed with everything else. */
export const actions: fc.Arbitrary<Action[]> = fc.array(action, { minLength: 4, maxLength: 36 });

/** Values offered for each field, valid ones first, then one the field's shape refuses. */
const VALUES: Record<string, unknown[]> = { a: ["x", "y", "z", "w"], b: ["p", "q", "r"], n: [1, 2, 3, 9], rating: [4, 1, 5, 0] };
const PINS = ["1234", "9999", "12x"];

const text = (values: Record<string, unknown>): FlowEvent => ({ type: "text", text: "…", extraction: { ok: true, values } });
const pickOf = <V>(list: readonly V[], i: number): V => list[i % list.length]!;

/** The concrete event for an action, given what has been observed so far; undefined when it makes no sense. */
export function concreteEvent(act: Action, seen: Observed, confirmIds: string[], roles: Record<string, string>): FlowEvent | undefined {
  switch (act.kind) {
    case "advance": return advance(act.k, seen, roles);
    case "answer": return answer(act.k, seen);
    case "correct": {
      if (act.field === "item") return { type: "pick", field: "item", value: pickOf(["R1", "R2", "NOPE"], act.k) };
      return text({ [act.field]: pickOf(VALUES[act.field]!, act.k) });
    }
    case "press": {
      const screen = seen.screen?.kind === "confirm" ? seen.screen.card.confirm : undefined;
      const confirm = pickOf(screen ? [screen, screen, ...confirmIds] : confirmIds, act.pick);
      if (!confirm) return undefined;
      const shown = seen.cardsOf(confirm);
      const last = shown[shown.length - 1];
      const card = act.card === "screen" ? last : act.card === "stale" ? shown.find((d) => d !== last) ?? seen.anyDigest() : undefined;
      return { type: "press", confirm, yes: act.yes, ...(card ? { card } : {}) };
    }
    case "approve": {
      const waiting = seen.screen?.kind === "approval" ? seen.screen.confirm : undefined;
      const byIds = confirmIds.filter((id) => roles[id]);
      const confirm = pickOf(waiting ? [waiting, waiting, ...byIds] : byIds, act.pick);
      if (!confirm) return undefined;
      const role = act.role === "right" ? roles[confirm]! : roles[confirm] === "supervisor" ? "manager" : "supervisor";
      const filed = seen.requestsOf(confirm);
      const latest = filed[filed.length - 1];
      const request = act.request === "waiting" ? latest?.id
        : act.request === "stale" ? filed.find((r) => r !== latest)?.id
        : act.request === "unknown" ? `${latest?.key ?? confirm}#0000000000000000` : undefined;
      return { type: "approve", confirm, by: role, yes: act.yes, ...(request ? { request } : {}) };
    }
    case "overreach": {
      const confirm = confirmIds.length > 0 ? pickOf(confirmIds, act.k) : "c1";
      return text(pickOf<Record<string, unknown>>([{ pin: "1234" }, { [confirm]: true }, { item: "R1" }, { a: "y", [confirm]: "yes" }], act.k));
    }
    case "noise":
      return act.malformed ? { type: "text", text: "??", extraction: { ok: false, raw: "{", error: "not JSON" } } : text({});
  }
}

/** A valid answer, a yes to the card on screen, or the approval of the request waiting. */
function advance(k: number, seen: Observed, roles: Record<string, string>): FlowEvent | undefined {
  const screen = seen.screen;
  if (screen?.kind === "confirm") return { type: "press", confirm: screen.card.confirm, yes: true, ...(k === 0 ? {} : { card: screen.card.digest }) };
  if (screen?.kind === "approval") {
    const request = k === 0 ? {} : { request: screen.request.id };
    return { type: "approve", confirm: screen.confirm, by: roles[screen.confirm]!, yes: true, ...request };
  }
  if (screen?.kind === "ask" && screen.secret) return { type: "text", text: "1234" };
  return answer(k % 2, seen);
}

/** An answer to the question on screen: a typed secret, a row of the list shown, or a scripted extraction. */
function answer(k: number, seen: Observed): FlowEvent | undefined {
  const screen = seen.screen;
  if (screen?.kind !== "ask") return undefined;
  if (screen.secret) return { type: "text", text: pickOf(PINS, k) };
  if (screen.rows) return { type: "pick", field: screen.field, value: pickOf([...screen.rows.map((r) => r.id), "NOPE"], k) };
  const values = VALUES[screen.field];
  return values ? text({ [screen.field]: pickOf(values, k) }) : undefined;
}

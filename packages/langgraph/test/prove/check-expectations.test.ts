import { describe, expect, it } from "vitest";
import type { Expectations, ExpectationKey } from "../../src/prove/proof-types.js";
import { checkExpectations, type TurnObservation } from "../../src/prove/check-expectations.js";
import type { TurnResult } from "../../src/render/render-turn.js";

const ran = (...tools: string[]) => tools.map((tool) => ({ tool, kind: "write" as const, ok: true, durationMs: 1 }));

function observe(result: Partial<TurnResult>, rest: Partial<TurnObservation> = {}): TurnObservation {
  const base: TurnResult = {
    reply: [], widgets: [], cards: [], trace: [], tools: [], done: false,
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  };
  return { result: { ...base, ...result }, answers: {}, ...rest };
}

function outcome(expect: Expectations, seen: TurnObservation): boolean {
  return checkExpectations(expect, Object.keys(expect) as ExpectationKey[], seen)[0]!.ok;
}

describe("proof expectations", () => {
  it("called: exactly these tools, any order", () => {
    const seen = observe({ tools: ran("b", "a") });
    expect(outcome({ called: ["a", "b"] }, seen)).toBe(true);
    expect(outcome({ called: ["a"] }, seen)).toBe(false);
    expect(outcome({ called: [] }, observe({}))).toBe(true);
    expect(outcome({ called: [] }, seen)).toBe(false);
  });

  it("called_in_order: in this order, others may run between", () => {
    const seen = observe({ tools: ran("hold", "quote", "pay") });
    expect(outcome({ called_in_order: ["hold", "pay"] }, seen)).toBe(true);
    expect(outcome({ called_in_order: ["pay", "hold"] }, seen)).toBe(false);
    expect(outcome({ called_in_order: ["hold", "cab"] }, seen)).toBe(false);
  });

  it("dropped: exactly the names dropped this turn", () => {
    const seen = observe({ trace: [{ type: "dropped", field: "pay", reason: "user-only" }, { type: "dropped", field: "code", reason: "secret" }] });
    expect(outcome({ dropped: ["code", "pay"] }, seen)).toBe(true);
    expect(outcome({ dropped: ["pay"] }, seen)).toBe(false);
  });

  it("says: a substring or a /regex/ of a reply line or a card shown", () => {
    const card = { confirm: "pay", question: "Pay 10 EUR?", writes: [{ tool: "take_payment", instance: "9", inputs: { total: 10 } }], digest: "d" };
    const seen = observe({ reply: ["Pay 10 EUR?"], cards: [card] });
    expect(outcome({ says: ["10 EUR"] }, seen)).toBe(true);
    expect(outcome({ says: ["/^Pay \\d+ EUR\\?$/"] }, seen)).toBe(true);
    expect(outcome({ says: ["take_payment: total=10"] }, seen)).toBe(true);
    expect(outcome({ says: ["/^10/"] }, seen)).toBe(false);
  });

  it("refused, waits_for, fields, model_calls and done read the turn and the state after it", () => {
    const seen = observe(
      { trace: [{ type: "refused", field: "f", message: "Lands after 8 pm." }], usage: { modelCalls: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 } },
      { pending: { kind: "approval", confirm: "ok", key: "ok", stepId: "5", role: "manager", requestId: "r" }, answers: { n: { value: 4, by: "model", turn: 1 } } },
    );
    expect(outcome({ refused: "after 8 pm" }, seen)).toBe(true);
    expect(outcome({ refused: "budget" }, seen)).toBe(false);
    expect(outcome({ waits_for: "ok" }, seen)).toBe(true);
    expect(outcome({ asks: "ok" }, seen)).toBe(false);
    expect(outcome({ fields: { n: 4 } }, seen)).toBe(true);
    expect(outcome({ fields: { n: 5 } }, seen)).toBe(false);
    expect(outcome({ model_calls: 1 }, seen)).toBe(true);
    expect(outcome({ done: false }, seen)).toBe(true);
  });

  it("waits_for on the person's own confirm fails, and says what to write instead", () => {
    const card = { confirm: "lend", question: "Lend Dune?", writes: [], digest: "d" };
    const seen = observe({}, { pending: { kind: "confirm", confirm: "lend", key: "lend", stepId: "4", card } });
    const [check] = checkExpectations({ waits_for: "lend" }, ["waits_for"], seen);
    expect(check!.ok).toBe(false);
    expect(check!.seen).toContain("the person's own yes, not an approval by a role");
  });
});

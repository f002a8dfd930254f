/**
 * `planRun` (pure): how resume entries and messages become flow events. A card's yes carries the digest
 * of the card the interrupt showed, so the runtime refuses it when another card is pending; a message
 * already turned into an event is not sent again; nothing is planned when any entry is refused.
 */
import { describe, expect, it } from "vitest";
import type { RunAgentInput } from "@ag-ui/core";
import { planRun } from "../src/agui/plan-run.js";
import type { ThreadRecord } from "../src/store/serve-types.js";

const thread = (interrupt: ThreadRecord["interrupt"], seen: string[] = []): ThreadRecord =>
  ({ threadId: "t", owner: "c", seen, interrupt, lastTurn: null, outbox: [] });
const input = (extra: Partial<RunAgentInput>): RunAgentInput => ({ threadId: "t", runId: "r", messages: [], tools: [], context: [], ...extra });
const card = { id: "i1", kind: "confirm" as const, confirm: "pay", card: "digest-of-the-card-shown", signature: "s" };
const grid = { id: "i2", kind: "ask" as const, field: "flight_id", allowed: ["TP1350", "BA500"], signature: "s" };

describe("planRun", () => {
  it("turns a card's yes into a press bound to the card the interrupt showed", () => {
    const plan = planRun(input({ resume: [{ interruptId: "i1", status: "resolved", payload: { yes: true } }] }), thread(card));
    expect(plan).toEqual({ ok: true, events: [{ press: "pay", yes: true, card: "digest-of-the-card-shown" }], answered: true });
  });

  it("turns a row click into a pick, then the new message into text", () => {
    const plan = planRun(input({
      resume: [{ interruptId: "i2", status: "resolved", payload: { flight_id: "BA500" } }],
      messages: [{ id: "m1", role: "user", content: "old" }, { id: "a1", role: "assistant", content: "ok" }, { id: "m2", role: "user", content: [{ type: "text", text: "and 2 nights" }] }],
    }), thread(grid, ["m1"]));
    expect(plan).toEqual({ ok: true, events: [{ pick: { flight_id: "BA500" } }, { text: "and 2 nights" }], answered: true, messageId: "m2" });
  });

  it("sends a message once: an id already seen is history", () => {
    const plan = planRun(input({ messages: [{ id: "m1", role: "user", content: "hello" }] }), thread(null, ["m1"]));
    expect(plan).toEqual({ ok: true, events: [], answered: false });
  });

  it("refuses the whole run when one entry is wrong, so nothing is sent", () => {
    const run = input({
      resume: [{ interruptId: "i2", status: "resolved", payload: { flight_id: "BA500" } }, { interruptId: "i9", status: "cancelled" }],
      messages: [{ id: "m3", role: "user", content: "hi" }],
    });
    expect(planRun(run, thread(grid))).toMatchObject({ ok: false, code: "interrupt_not_open" });
    expect(planRun(input({ resume: [{ interruptId: "i1", status: "resolved", payload: { yes: "sure" } }] }), thread(card))).toMatchObject({ ok: false, code: "bad_payload" });
  });

  it("refuses a value nested deeper than any field takes, before the runtime's checks see it", () => {
    const text = { id: "i3", kind: "ask" as const, field: "conference", signature: "s" };
    let deep: unknown = "x";
    for (let i = 0; i < 50_000; i += 1) deep = { a: deep };
    const answer = (value: unknown) => planRun(input({ resume: [{ interruptId: "i3", status: "resolved", payload: { conference: value } }] }), thread(text));
    expect(answer(deep)).toMatchObject({ ok: false, code: "bad_payload" });
    // A value of a few levels passes on to the runtime, which judges it against the field.
    expect(answer({ a: { b: ["c"] } })).toMatchObject({ ok: true, events: [{ pick: { conference: { a: { b: ["c"] } } } }] });
  });
});

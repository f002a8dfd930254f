/**
 * Issue 3, point 6: writes run only after a yes bound to the card's digest (every covered write and its
 * exact inputs), at most once per flow, each with a stable idempotency key recorded `started` before the
 * host runs it. A failing write stops the chain; the next yes retries only it and what follows.
 */
import { describe, expect, it } from "vitest";
import { digestOf, idempotencyKeyOf } from "../../src/runtime/digest.js";
import { step } from "../../src/runtime/step.js";
import type { ValueType } from "../../src/tools/value-type.js";
import { cards, errors, Host, skillFrom, T, toolInfo, tools, writes } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

const ORDER = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

describe("the card", () => {
  it("lists every covered write with the exact inputs it will receive; nothing runs before the yes", () => {
    const host = tripHost();
    host.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    const turn = host.pick("flight_id", "TP1");
    expect(writes(turn)).toEqual([]);
    const [card] = cards(turn);
    expect(card.writes).toEqual([
      { tool: "hold_flight", instance: "9", inputs: { flight_id: "TP1", cabin: "economy" }, words: "Hold flight", details: [{ input: "flight_id", label: "Flight id", value: "TP1" }, { input: "cabin", label: "Cabin", value: "economy" }] },
      { tool: "hold_hotel", instance: "10", inputs: { conference: "Lisbon AI Summit", nights: 3 }, words: "Hold hotel", details: [{ input: "conference", label: "Conference", value: "Lisbon AI Summit" }, { input: "nights", label: "Nights", value: "3" }] },
      { tool: "reserve_cab", instance: "11", inputs: { conference: "Lisbon AI Summit" }, words: "Reserve cab", details: [{ input: "conference", label: "Conference", value: "Lisbon AI Summit" }] },
      { tool: "take_payment", instance: "12", inputs: { total: 900 }, words: "Take payment", details: [{ input: "total", label: "Total", value: "900" }] },
    ]);
  });

  it("a yes runs the writes in order, each once, with exactly the confirmed inputs", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const card = host.state.pending?.kind === "confirm" ? host.state.pending.card : undefined;
    const turn = host.press("pay");
    expect(writes(turn)).toEqual(ORDER);
    expect(turn.calls.map((c) => c.inputs)).toEqual(card!.writes.map((w) => w.inputs));
    expect(turn.effects).toContainEqual({ type: "say", text: "Booked. Your reference is REF-42." });
    expect(host.state.pending).toEqual({ kind: "done" });
  });

  it("pressing again does nothing: the ledger has the completed writes", () => {
    const host = tripHost();
    toCheckout(host, 3);
    host.press("pay");
    expect(tools(host.press("pay"))).toEqual([]);
    expect(tools(host.text("thanks", {}))).toEqual([]);
    expect(host.runs.filter((r) => r.kind === "write").length).toBe(4);
  });

  it("a yes bound to another digest is voided: the new card is shown and nothing runs", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const stale = { key: "pay", answer: "yes" as const, digest: "stale", by: "user" as const, turn: 1 };
    host.state = { ...host.state, confirmations: { pay: stale } };
    const turn = host.text("hm", {});
    expect(writes(turn)).toEqual([]);
    expect(turn.trace).toContainEqual({ type: "confirm_voided", confirm: "pay", was: "stale", now: cards(turn)[0].digest });
    expect(host.state.confirmations.pay).toBeUndefined();
  });

  it("a change after the yes (before the writes finished) voids it and shows the card with the new inputs", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const first = step(host.skill, host.state, { type: "press", confirm: "pay", yes: true });
    expect(first.effects.find((e) => e.type === "call")).toMatchObject({ tool: "hold_flight" });
    host.state = first.state; // the host crashed before running hold_flight
    const turn = host.text("only 2 nights", { nights: 2 });
    expect(turn.trace.some((e) => e.type === "confirm_voided")).toBe(true);
    expect(writes(turn)).toEqual([]);
    expect(cards(turn)[0].writes[1].inputs).toEqual({ conference: "Lisbon AI Summit", nights: 2 });
    expect(cards(turn)[0].question).toBe("Pay 700 EUR?");
    expect(writes(host.press("pay"))).toEqual(ORDER);
  });
});

describe("the ledger and idempotency keys", () => {
  it("the state returned with a write's call already records it `started` under the call's key", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const result = step(host.skill, host.state, { type: "press", confirm: "pay", yes: true });
    const call = result.effects.find((e) => e.type === "call");
    expect(call?.type === "call" && call.kind).toBe("write");
    const entry = result.state.ledger["9"];
    expect(entry).toMatchObject({ tool: "hold_flight", status: "started", inputs: { flight_id: "TP1", cabin: "economy" } });
    expect(call?.type === "call" && call.key).toBe(entry.idempotencyKey);
    expect(entry.idempotencyKey).toBe(idempotencyKeyOf(digestOf, "flow-1", "9", entry.inputsDigest));
  });

  it("after a crash, the replay re-sends the started write with the same key", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const first = step(host.skill, host.state, { type: "press", confirm: "pay", yes: true });
    const again = step(host.skill, first.state, { type: "text", text: "hello?", extraction: { ok: true, values: {} } });
    const key = (r: typeof first) => r.effects.flatMap((e) => (e.type === "call" ? [e.key] : []));
    expect(key(again)).toEqual(key(first));
    expect(key(first).length).toBe(1);
  });

  it("keys are stable per flow and inputs, and differ between flows", () => {
    const a = tripHost({}, "flow-A");
    const b = tripHost({}, "flow-A");
    const c = tripHost({}, "flow-B");
    for (const h of [a, b, c]) {
      toCheckout(h, 3);
      h.press("pay");
    }
    const keys = (h: Host) => h.runs.filter((r) => r.kind === "write").map((r) => r.key);
    expect(keys(a)).toEqual(keys(b));
    expect(keys(a).every((k, i) => k !== keys(c)[i])).toBe(true);
  });
});

describe("a failing write", () => {
  it("stops the chain, keeps earlier writes done, says what failed and asks again; the next yes retries from it", () => {
    let cabFails = 1;
    const host = tripHost({
      reserve_cab: () => {
        if (cabFails-- > 0) throw new Error("no cabs available");
        return { cab: "C-2" };
      },
    });
    toCheckout(host, 3);
    const turn = host.press("pay");
    expect(writes(turn)).toEqual(["hold_flight", "hold_hotel", "reserve_cab"]);
    expect(errors(turn)).toEqual([
      "reserve_cab failed: no cabs available, so it may or may not have run. Nothing after it was run; confirm again to retry it with the same details.",
    ]);
    expect(cards(turn).length).toBe(1);
    expect(host.state.pending?.kind).toBe("confirm");
    expect(host.state.ledger["11"].status).toBe("doubt");
    const failedKey = host.state.ledger["11"].idempotencyKey;
    const retry = host.press("pay");
    expect(writes(retry)).toEqual(["reserve_cab", "take_payment"]);
    expect(retry.calls[0].key).toBe(failedKey);
    expect(host.runs.filter((r) => r.tool === "hold_flight").length).toBe(1);
  });
});

describe("the gate itself", () => {
  it("a write with no confirm above it never runs (even in a skill that skipped the checker)", () => {
    const skill = skillFrom(`---
name: ungated
description: d
---
## Steps

\`\`\`yaml
- do: charge
\`\`\`
`, [toolInfo("charge", "write", {}, { ok: T.bool })]);
    const host = new Host(skill, { charge: () => ({ ok: true }) });
    const turn = host.text("go", {});
    expect(tools(turn)).toEqual([]);
    expect(errors(turn)).toEqual(["charge was not run: no confirmation above it was answered yes."]);
  });

  const askAfterConfirm = (chargeTakes: Record<string, ValueType>) => skillFrom(`---
name: closed
description: d
---
## Fields

\`\`\`yaml
note: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- confirm: { go: "Go?" }
- ask: { note: "Any note?" }
- do: charge
\`\`\`
`, [toolInfo("charge", "write", chargeTakes, { ok: T.bool })]);

  it("an ask between the confirm and a write that takes its answer ends the region for that write (unchecked skill)", () => {
    const host = new Host(askAfterConfirm({ note: T.str }), { charge: () => ({ ok: true }) });
    host.text("hi", {});
    host.press("go");
    const turn = host.text("none", { note: "none" });
    expect(tools(turn)).toEqual([]);
    expect(errors(turn)).toEqual(["charge was not run: no confirmation above it was answered yes."]);
  });

  it("an ask whose answer the write does not take leaves the region open: the yes still releases it", () => {
    const host = new Host(askAfterConfirm({}), { charge: () => ({ ok: true }) });
    const card = cards(host.text("hi", {}))[0]!;
    expect(card.writes.map((w) => w.tool)).toEqual(["charge"]);
    host.press("go");
    const turn = host.text("none", { note: "none" });
    expect(writes(turn)).toEqual(["charge"]);
  });
});

describe("a failure reads once", () => {
  it("a tool error that already names the tool is not prefixed again", () => {
    let cabFails = 1;
    const host = tripHost({
      reserve_cab: () => {
        if (cabFails-- > 0) throw new Error("reserve_cab failed (injected by the proof's fixtures)");
        return { cab: "C-2" };
      },
    });
    toCheckout(host, 3);
    expect(errors(host.press("pay"))).toEqual([
      "reserve_cab failed (injected by the proof's fixtures), so it may or may not have run. Nothing after it was run; confirm again to retry it with the same details.",
    ]);
  });

  it("a host message of the form `tool failed: cause` keeps one `failed`", () => {
    let cabFails = 1;
    const host = tripHost({
      reserve_cab: () => {
        if (cabFails-- > 0) throw new Error("reserve_cab failed: no cabs.");
        return { cab: "C-2" };
      },
    });
    toCheckout(host, 3);
    expect(errors(host.press("pay"))).toEqual([
      "reserve_cab failed: no cabs, so it may or may not have run. Nothing after it was run; confirm again to retry it with the same details.",
    ]);
  });
});

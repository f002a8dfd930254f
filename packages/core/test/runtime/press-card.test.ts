/**
 * Issue 9, point 3: a press is bound to the card the person saw. A press carrying the digest of a card
 * that is no longer the one pending (a concurrent event changed what it lists) answers nothing: no write
 * runs, the person is told, and the card as it is now is shown. Without a digest, a press answers the
 * card pending now (the documented risk).
 */
import { describe, expect, it } from "vitest";
import { cards, dropped, says, writes } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

const pendingCard = (host: ReturnType<typeof tripHost>) =>
  host.state.pending?.kind === "confirm" ? host.state.pending.card : undefined;

describe("a press names the card it answers", () => {
  it("a press for a card that changed after it was shown is refused; the new card is shown; nothing runs", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const seen = pendingCard(host)!;
    // Another event changes the card before the press arrives (another tab, a second device).
    host.text("make it 2 nights", { nights: 2 });
    const now = pendingCard(host)!;
    expect(now.digest).not.toBe(seen.digest);
    const turn = host.send({ type: "press", confirm: "pay", yes: true, card: seen.digest });
    expect(writes(turn)).toEqual([]);
    expect(dropped(turn)).toEqual(["pay"]);
    expect(says(turn).join(" ")).toMatch(/changed since you saw it/);
    expect(cards(turn).map((c) => c.digest)).toEqual([now.digest]);
    expect(host.state.confirmations.pay).toBeUndefined();
    // Pressing the card now shown pays what it shows.
    const paid = host.send({ type: "press", confirm: "pay", yes: true, card: now.digest });
    expect(writes(paid)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    expect(host.runs.find((r) => r.tool === "take_payment")!.inputs).toEqual({ total: 700 });
  });

  it("a no for a stale card is refused too (it answers nothing)", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const seen = pendingCard(host)!;
    host.text("2 nights", { nights: 2 });
    host.send({ type: "press", confirm: "pay", yes: false, card: seen.digest });
    expect(host.state.confirmations.pay).toBeUndefined();
    expect(host.state.pending?.kind).toBe("confirm");
  });

  it("a press with the current digest, or with none, answers the card pending now", () => {
    for (const withDigest of [true, false]) {
      const host = tripHost();
      toCheckout(host, 3);
      const card = pendingCard(host)!;
      const turn = host.send({ type: "press", confirm: "pay", yes: true, ...(withDigest ? { card: card.digest } : {}) });
      expect(writes(turn)).toHaveLength(4);
    }
  });
});

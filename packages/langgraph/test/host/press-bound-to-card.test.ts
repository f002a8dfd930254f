/**
 * Issue 9, point 3, through the embedding API: the person sees "Pay 1,020.00 EUR"; a concurrent pick (a
 * second tab) changes the flight; the press for the card they saw arrives second. It must not pay 1065:
 * the press is refused and the new card shown; only a press for the new card pays, and it pays 1065.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));

async function atCheckout() {
  const model = new ScriptedChatModel();
  const flow = await createFlow({ skill: TRIP, model, now: "2027-03-01T09:00:00Z" });
  model.script({ conference: "Lisbon AI Summit", nights: 3 });
  await flow.send("t", { text: "Book me for the Lisbon AI Summit, 3 nights" });
  await flow.send("t", { pick: { flight_id: "TP1350" } });
  const card = await flow.send("t", { pick: { hotel_id: "H-BAIXA" } });
  return { flow, card: card.cards[0]! };
}

describe("a press is bound to the card the person saw", () => {
  it("a press that arrives after a concurrent pick changed the card pays nothing", async () => {
    const { flow, card } = await atCheckout();
    expect(card.question).toContain("Pay 1,020.00 EUR");
    // Both arrive at once; the thread lock runs them in order: the pick first, then the press.
    const [picked, pressed] = await Promise.all([
      flow.send("t", { pick: { flight_id: "BA500" } }),
      flow.send("t", { press: "pay", card: card.digest }),
    ]);
    expect(picked.cards[0]!.question).toContain("Pay 1,065.00 EUR");
    expect(pressed.tools.filter((t) => t.kind === "write")).toEqual([]);
    expect(pressed.reply.join(" ")).toMatch(/changed since you saw it/);
    expect(pressed.cards[0]!.digest).toBe(picked.cards[0]!.digest);
    const paid = await flow.send("t", { press: "pay", card: pressed.cards[0]!.digest });
    expect(paid.tools.filter((t) => t.kind === "write").map((t) => t.tool)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    const ledger = (await flow.state("t"))!.ledger;
    expect(Object.values(ledger).find((e) => e.tool === "take_payment")!.inputs.total).toBe(1065);
  });

  it("a press with a malformed card is a clear input error", async () => {
    const { flow } = await atCheckout();
    await expect(flow.send("t", { press: "pay", card: 42 } as never)).rejects.toThrow(/digest of the card answered/);
  });
});

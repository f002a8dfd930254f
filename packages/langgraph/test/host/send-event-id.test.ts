/**
 * `send(thread, event, { eventId })`: a retried event is taken once. The id is stored with the event's
 * input, so a second send with it — from this flow or from another one on the same store (another
 * process) — applies nothing and returns the last turn with `repeated: true`; an event without an id,
 * or with a new one, is applied as before.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";

describe("send with an event id", () => {
  it("applies a retried event once, in this flow and in another on the same store", async () => {
    const store = await openCheckpointer("memory");
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, now: NOW, store });
    const other = await createFlow({ skill: TRIP, model, now: NOW, store });
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    await flow.send("t", { text: "Lisbon AI Summit, 3 nights" }, { eventId: "e1" });
    await flow.send("t", { pick: { flight_id: "TP1350" } }, { eventId: "e2" });
    const card = await flow.send("t", { pick: { hotel_id: "H-BAIXA" } }, { eventId: "e3" });
    const paid = await flow.send("t", { press: "pay", card: card.cards[0]!.digest }, { eventId: "e4" });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
    expect(paid.repeated).toBeUndefined();
    const turn = (await flow.state("t"))!.turn;

    const again = await other.send("t", { press: "pay", card: card.cards[0]!.digest }, { eventId: "e4" });
    expect(again.repeated).toBe(true);
    expect(again.reply).toEqual(paid.reply);
    expect((await flow.state("t"))!.turn).toBe(turn);
    // An older event sent again is not applied either: the flight stays as it is.
    expect((await flow.send("t", { pick: { flight_id: "BA500" } }, { eventId: "e2" })).repeated).toBe(true);
    expect((await flow.state("t"))!.answers.flight_id!.value).toBe("TP1350");
    expect(model.prompts).toHaveLength(1);

    const fresh = await flow.send("t", { pick: { flight_id: "BA500" } }, { eventId: "e5" });
    expect(fresh.repeated).toBeUndefined();
    expect((await flow.state("t"))!.turn).toBe(turn + 1);
    await store.close();
  });
});

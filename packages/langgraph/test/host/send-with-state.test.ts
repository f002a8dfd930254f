/**
 * `send(thread, event, { withState: true })` returns the conversation's state as the turn left it —
 * what `state()` answers right after, secrets redacted the same way — read inside the turn instead of
 * from the store (the server's STATE_SNAPSHOT uses it). Checked turn by turn on a real SQLite file, for a
 * repeated event, with a secret, and for a copy the caller edits.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { ExtractRequest, ModelPort } from "../../src/index.js";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const CARD_PIN = fileURLToPath(new URL("../../../../test/fixtures/secrets/card_pin", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";
const dir = mkdtempSync(join(tmpdir(), "send-with-state-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Fills the pending text field with the message, as typed. */
const echo: ModelPort = {
  id: "echo",
  async extract(request: ExtractRequest) {
    const pending = request.pending && request.fields.find((f) => f.name === request.pending!.field);
    return { extraction: { ok: true, values: pending ? { [pending.name]: request.text } : {} }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
  },
};

describe("send with withState", () => {
  it("returns at every turn of the trip what state() answers right after, and nothing when not asked", async () => {
    const store = await openCheckpointer(join(dir, "trip.sqlite"));
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, now: NOW, store });
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    const first = await flow.send("t", { preset: {} }, { withState: true });
    expect(first.state).toEqual(await flow.state("t"));
    expect(first.state?.turn).toBeGreaterThan(0);
    const message = await flow.send("t", { text: "Lisbon AI Summit, 3 nights" }, { eventId: "e1", withState: true });
    expect(message.state).toEqual(await flow.state("t"));
    expect(message.state?.answers.nights?.value).toBe(3);
    const plain = await flow.send("t", { pick: { flight_id: "TP1350" } }, { eventId: "e2" });
    expect("state" in plain).toBe(false);
    const card = await flow.send("t", { pick: { hotel_id: "H-BAIXA" } }, { eventId: "e3", withState: true });
    expect(card.state).toEqual(await flow.state("t"));
    const paid = await flow.send("t", { press: "pay", card: card.cards[0]!.digest }, { eventId: "e4", withState: true });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
    expect(paid.state).toEqual(await flow.state("t"));
    expect(Object.values(paid.state!.ledger).every((e) => e.status === "done")).toBe(true);
    // A retried event: nothing applied again, and the state is the conversation's as it stands.
    const again = await flow.send("t", { press: "pay", card: card.cards[0]!.digest }, { eventId: "e4", withState: true });
    expect(again.repeated).toBe(true);
    expect(again.state).toEqual(await flow.state("t"));
    // Another flow on the same file (another process) answers the same.
    const other = await createFlow({ skill: TRIP, model, now: NOW, store });
    expect(await other.state("t")).toEqual(paid.state);
    await store.close();
  });

  it("is a copy: editing it changes neither state() nor the next turn", async () => {
    const store = await openCheckpointer(join(dir, "copy.sqlite"));
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, now: NOW, store });
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    const turn = await flow.send("t", { text: "Lisbon AI Summit, 3 nights" }, { withState: true });
    const before = structuredClone(await flow.state("t"));
    turn.state!.answers.nights!.value = 14;
    turn.state!.turn = 99;
    expect(await flow.state("t")).toEqual(before);
    const next = await flow.send("t", { pick: { flight_id: "TP1350" } }, { withState: true });
    expect(next.state?.answers.nights?.value).toBe(3);
    await store.close();
  });

  it("redacts a secret as state() does", async () => {
    const store = await openCheckpointer(join(dir, "pin.sqlite"));
    const flow = await createFlow({ skill: CARD_PIN, model: echo, now: NOW, store });
    await flow.send("t", { text: "the parcel never came" }, { withState: true });
    const pin = await flow.send("t", { text: "4071" }, { withState: true });
    expect(pin.state).toEqual(await flow.state("t"));
    expect(JSON.stringify(pin.state)).not.toContain("4071");
    expect(pin.state?.answers.complaint?.value).toBe("the parcel never came");
    const filed = await flow.send("t", { press: "file", yes: true }, { withState: true });
    expect(filed.reply.join(" ")).toContain("Your complaint is filed.");
    expect(filed.state).toEqual(await flow.state("t"));
    expect(JSON.stringify(filed.state)).not.toContain("4071");
    await store.close();
  });
});

/**
 * A flow keeps each conversation's last turn (the checkpoint it ended on), so the next turn of that
 * conversation reads no checkpoint from the store — neither the snapshot, to see whether a crash left work
 * to finish, nor the graph's own reads (remembering-saver.ts): one query asks whether that checkpoint is
 * still the latest. It keeps them for SETTLED_KEPT conversations: at 64, a server with 200 conversations
 * in flight had forgotten most of them by their next turn (bench:store counted 2.25 reads per turn at 200
 * conversations, 1.5 at 1, before the graph's reads were answered from memory too).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { createFlow, SETTLED_KEPT } from "../../src/create-flow.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";
import { offlineModel } from "../../src/models/index.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const PRESET = { conference: "Lisbon AI Summit", nights: 3, flight_id: "TP1350", hotel_id: "H-BAIXA" };

class ReadCountingSaver extends MemorySaver {
  reads = 0;
  override async getTuple(config: RunnableConfig) {
    this.reads += 1;
    return super.getTuple(config);
  }
}

describe("the settled copy of a conversation's last turn", () => {
  it("is kept for every conversation of a few hundred in flight: each later turn reads the store only as the graph does", async () => {
    const saver = new ReadCountingSaver();
    const flow = await createFlow({ skill: TRIP, model: offlineModel(), store: openMemory({ saver }), now: "2027-03-01T09:00:00Z" });
    const conversations = Array.from({ length: 300 }, (_, i) => `c${i}`);
    await Promise.all(conversations.map((thread) => flow.send(thread, { preset: PRESET })));
    // Every conversation's Pay turn comes after 299 other conversations' turns.
    saver.reads = 0;
    const paid = await Promise.all(conversations.map((thread) => flow.send(thread, { press: "pay" })));
    expect(paid.every((turn) => turn.reply.at(-1)?.startsWith("Booked."))).toBe(true);
    // Pay runs in two invokes (up to the write, then the writes): the first starts on the checkpoint the
    // last turn stored, the second on the one the first stored; neither is read back.
    expect(saver.reads).toBe(0);
    expect(SETTLED_KEPT).toBeGreaterThanOrEqual(conversations.length);
  }, 60_000);

  it("a conversation the flow forgot is read once, and still finishes", async () => {
    const saver = new ReadCountingSaver();
    const flow = await createFlow({ skill: TRIP, model: offlineModel(), store: openMemory({ saver }), now: "2027-03-01T09:00:00Z" });
    await flow.send("first", { preset: PRESET });
    await Promise.all(Array.from({ length: SETTLED_KEPT }, (_, i) => flow.send(`other${i}`, { preset: PRESET })));
    saver.reads = 0;
    const paid = await flow.send("first", { press: "pay" });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
    // The snapshot (to see whether a crash left work); the graph's two invokes start from memory.
    expect(saver.reads).toBe(1);
  }, 60_000);
});

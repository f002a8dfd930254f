/**
 * A node writes only the channels it changed: LangGraph stores every channel a node writes twice (a
 * pending write, then a blob of the next checkpoint), encrypted on SQLite and PostgreSQL, so a channel
 * written with the value it already held (the act node's `event: null`, `call: null` after a turn with
 * no write, the same routing) was two rows and two encryptions for nothing. Every task write of the trip
 * is compared with the value its channel held in the checkpoint the task ran from.
 */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { createFlow } from "../../src/create-flow.js";
import { changesOnly, emptyTurn, type FlowGraphValues } from "../../src/graph/flow-graph-state.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));

/** A MemorySaver that keeps, for each task write, the channel, the value, and the channel's stored value. */
class RecordingSaver extends MemorySaver {
  readonly writes: Array<{ channel: string; value: unknown; before: unknown; task: string }> = [];
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const stored = (await this.getTuple(config))?.checkpoint.channel_values ?? {};
    for (const [channel, value] of writes) {
      if (!channel.startsWith("branch:") && !channel.startsWith("__")) this.writes.push({ channel, value, before: stored[channel], task: taskId });
    }
    return super.putWrites(config, writes, taskId);
  }
}

describe("a node's writes", () => {
  it("leave out every channel whose value did not change", async () => {
    const saver = new RecordingSaver();
    const model = new ScriptedChatModel();
    // "async": every step's task writes reach the saver (the default stores a turn's steps before its
    // first write as one checkpoint, with no task writes, so most writes would go unseen here).
    const flow = await createFlow({ skill: TRIP, model, store: saver, now: "2027-03-01T09:00:00Z", durability: "async" });
    const thread = "changes-only";
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    await flow.send(thread, { text: "Lisbon AI Summit, 3 nights" });
    await flow.send(thread, { pick: { flight_id: "TP1350" } });
    const hotel = await flow.send(thread, { pick: { hotel_id: "H-BAIXA" } });
    const paid = await flow.send(thread, { press: "pay", card: hotel.cards[0]!.digest });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
    expect(saver.writes.length).toBeGreaterThan(20);
    const unchanged = saver.writes.filter((w) => JSON.stringify(w.value) === JSON.stringify(w.before));
    expect(unchanged.map((w) => w.channel)).toEqual([]);
    // What does change is still written: the state at every step, the call to run, the routing once.
    expect(saver.writes.filter((w) => w.channel === "flow").length).toBeGreaterThanOrEqual(9);
    expect(saver.writes.filter((w) => w.channel === "call" && w.value !== null).length).toBe(4);
    expect(saver.writes.filter((w) => w.channel === "routing").length).toBe(1);
  });

  it("changesOnly drops a key holding the very value the state holds, and keeps the rest", () => {
    const out = emptyTurn();
    const state = { flow: null, input: null, event: null, call: null, out, routing: null, eventIds: [] } as unknown as FlowGraphValues;
    const newOut = { ...out, effects: [{ type: "done" as const }] };
    expect(changesOnly(state, { event: null, call: null, out, input: { type: "text", text: "hi" } })).toEqual({ input: { type: "text", text: "hi" } });
    expect(changesOnly(state, { out: newOut, event: null })).toEqual({ out: newOut });
  });
});

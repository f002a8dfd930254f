/**
 * The host loop's cost and its limits, on a real MemorySaver (counting its `put`s): lookups run inside
 * the replay's super-step, so a turn's checkpoints do not grow with its lookups; each write costs one
 * checkpoint, and its `started` entry is stored before it runs; a typed event skips the understand
 * super-step; a lookup inside the replay keeps its timeout and failure handling, and the per-event
 * call cap still stops a turn.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { createFlow } from "../../src/create-flow.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";
import type { HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const SHOP = fileURLToPath(new URL("../../../../test/fixtures/proofs/mini_shop", import.meta.url));
const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));

/** A MemorySaver that records each checkpoint it stores, with the ledger it holds. */
class CountingSaver extends MemorySaver {
  readonly puts: Array<{ ledger: Record<string, { tool: string; status: string }> }> = [];
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const flow = checkpoint.channel_values.flow as { ledger?: Record<string, { tool: string; status: string }> } | undefined;
    this.puts.push({ ledger: structuredClone(flow?.ledger ?? {}) });
    return super.put(config, checkpoint, metadata);
  }
}

async function counted<T>(saver: CountingSaver, turn: () => Promise<T>): Promise<{ result: T; puts: CountingSaver["puts"] }> {
  const before = saver.puts.length;
  const result = await turn();
  return { result, puts: saver.puts.slice(before) };
}

/** A trip on a counting saver, at the hotel question (conference, nights and flight given). */
async function tripAtHotels() {
  const saver = new CountingSaver();
  const model = new ScriptedChatModel([{ conference: "Lisbon AI Summit", nights: 3 }]);
  const flow = await createFlow({ skill: TRIP, model, store: openMemory({ saver }), now: "2027-03-01T09:00:00Z" });
  await flow.send("t", { text: "Lisbon AI Summit, 3 nights" });
  await flow.send("t", { pick: { flight_id: "TP1350" } });
  return { saver, flow };
}

describe("the host loop", () => {
  it("writes as many checkpoints for a turn of three lookups as for a turn of none", async () => {
    const { saver, flow } = await tripAtHotels();
    const hotel = await counted(saver, () => flow.send("t", { pick: { hotel_id: "H-BAIXA" } }));
    expect(hotel.result.tools.map((t) => t.tool)).toEqual(["quote_hotel", "quote_cab", "quote_trip"]);
    const again = await counted(saver, () => flow.send("t", { pick: { hotel_id: "H-BAIXA" } }));
    expect(again.result.tools).toEqual([]);
    expect(hotel.puts.length).toBe(again.puts.length);
    // A turn with no write is stored once, where it stops: no input checkpoint, no understand step.
    expect(hotel.puts.length).toBe(1);
  });

  it("costs one checkpoint per write, each holding the write started before it runs and the one before done", async () => {
    const { saver, flow } = await tripAtHotels();
    const card = await flow.send("t", { pick: { hotel_id: "H-BAIXA" } });
    const pay = await counted(saver, () => flow.send("t", { press: "pay", card: card.cards[0]!.digest }));
    expect(pay.result.reply.at(-1)).toMatch(/^Booked\./);
    const writes = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];
    // The turn's first checkpoint is the press with the first write started: nothing before it.
    expect(pay.puts.length).toBe(1 + writes.length);
    const statuses = pay.puts.map((p) => writes.map((w) => Object.values(p.ledger).find((e) => e.tool === w)?.status ?? "-").join(" "));
    expect(statuses).toEqual([
      "started - - -",
      "done started - -",
      "done done started -",
      "done done done started",
      "done done done done",
    ]);
  });

  it("gives a lookup inside the replay its timeout and failure handling", async () => {
    const hanging: HostTool = { name: "check_stock", kind: "lookup", run: () => new Promise(() => undefined) };
    const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel(), tools: { check_stock: hanging }, limits: { toolTimeoutMs: 50 } });
    const started = performance.now();
    const turn = await flow.send("t", { pick: { item_id: "MUG" } });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(turn.tools).toEqual([expect.objectContaining({ tool: "list_items", ok: true }), expect.objectContaining({ tool: "check_stock", ok: false, error: "check_stock did not answer within 50 ms." })]);
    expect(turn.reply.join(" ")).toContain("check_stock");
  });

  it("stops a turn at the per-event call cap, with the runtime's sentence", async () => {
    const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel(), limits: { maxCallsPerEvent: 1 } });
    const turn = await flow.send("t", { pick: { item_id: "MUG" } });
    expect(turn.tools.map((t) => t.tool)).toEqual(["list_items"]);
    expect(turn.reply.join(" ")).toMatch(/needed more than 1 tool calls/);
  });
});

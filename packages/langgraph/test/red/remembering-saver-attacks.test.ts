/**
 * Attacks on the flow's remembered checkpoint (persistence/remembering-saver.ts): a turn's reads are
 * answered from memory, so any input that makes memory differ from the store could lose a write or run
 * one twice. Each case below asks "what gets a stale checkpoint served?" — another process's turn on the
 * same file, writes left against the same checkpoint by a crashed run, a direct graph call, a caller
 * editing what a turn returned, a read racing a store — and checks the store's answer wins.
 *
 * The first block checks every answer from memory against the store's own answer for the same read,
 * on SQLite and (with PG_URL) PostgreSQL, over whole conversations with writes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { MemorySaver, type Checkpoint, type CheckpointMetadata, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer, openMemory } from "../../src/persistence/open-checkpointer.js";
import { RememberingSaver } from "../../src/persistence/remembering-saver.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { offlineModel } from "../../src/models/index.js";
import { SHOP, recordingWrites, statusOf, toCard, type Ledger } from "../helpers/mini-shop.js";
import { checkAnswersAgainstStore, comparable, vandalize } from "../helpers/remembering.js";
import { notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("answers from memory against the store");

const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const PRESET = { conference: "Lisbon AI Summit", nights: 3, flight_id: "TP1350", hotel_id: "H-BAIXA" };
const NOW = "2027-03-01T09:00:00Z";
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), "remembering-"));
  dirs.push(dir);
  return join(dir, "store.db");
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

const stores = [["SQLite", () => scratch()] as const, ...(process.env.PG_URL ? [["PostgreSQL", () => process.env.PG_URL!] as const] : [])];

describe.each(stores)("answers from memory are the store's answers (%s)", (_, url) => {
  it("at every read of whole conversations with writes: the trip (4 writes), a shop (2 writes, a failed turn first)", async () => {
    const compared = checkAnswersAgainstStore();
    const store = await openCheckpointer(url());
    try {
      const trip = await createFlow({ skill: TRIP, model: offlineModel(), store, now: NOW });
      const thread = `trip-${Date.now()}-${Math.random()}`;
      await trip.send(thread, { preset: PRESET });
      const paid = await trip.send(thread, { press: "pay" });
      expect(paid.reply.at(-1)).toMatch(/^Booked\./);
      await trip.send(thread, { text: "thanks" });

      const model = new ScriptedChatModel();
      const { runs, tools } = recordingWrites();
      const shop = await createFlow({ skill: SHOP, tools, model, store });
      const t = `shop-${Date.now()}-${Math.random()}`;
      await toCard(shop, model, t);
      const done = await shop.send(t, { press: "buy" });
      expect(done.reply).toContain("Done. Your order MUG-2 is on its way.");
      expect(runs).toEqual(["charge_card", "ship_order"]);
    } finally {
      await store.close();
    }
    expect(compared.length).toBeGreaterThan(10);
    for (const { memory, store: stored } of compared) expect(memory).toEqual(stored);
  }, 60_000);
});

describe("another process's turn on the same SQLite file between two of this flow's turns", () => {
  it("is seen: the flow reads the store, and neither write runs twice", async () => {
    const file = scratch();
    const [one, two] = [await openCheckpointer(file), await openCheckpointer(file)];
    try {
      const model = new ScriptedChatModel();
      const { runs, tools } = recordingWrites();
      const a = await createFlow({ skill: SHOP, tools, model, store: one });
      const b = await createFlow({ skill: SHOP, tools, model, store: two });
      await toCard(a, model, "t");
      // The other process presses buy: both writes run there.
      const there = await b.send("t", { press: "buy" });
      expect(there.reply).toContain("Done. Your order MUG-2 is on its way.");
      // This flow's memory ends at the card; the store has moved on.
      const seen = await a.state("t");
      expect([statusOf(seen!.ledger as Ledger, "charge_card"), statusOf(seen!.ledger as Ledger, "ship_order")]).toEqual(["done", "done"]);
      const reads = vi.spyOn(one.saver, "getTuple");
      const turn = await a.send("t", { press: "buy" });
      expect(reads).toHaveBeenCalled();
      expect(runs).toEqual(["charge_card", "ship_order"]);
      expect(turn.reply.join(" ")).not.toContain("Your order MUG-2 is on its way.");
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("writes left against the very checkpoint the flow remembers (a run that crashed after a task stored them)", () => {
  it("are not skipped: the turn reads the store, which holds them", async () => {
    const saver = new MemorySaver();
    const store = openMemory({ saver });
    const flow = await createFlow({ skill: TRIP, model: offlineModel(), store, now: NOW });
    await flow.send("w", { preset: PRESET });
    const latest = (await saver.getTuple({ configurable: { thread_id: "w" } }))!;
    // Same checkpoint id, a pending write stored against it.
    await saver.putWrites(latest.config, [["call", null]], "00000000-0000-0000-0000-000000000000");
    expect(await store.head!("w")).toEqual({ checkpoint: latest.config.configurable!.checkpoint_id, pendingWrites: true });
    const reads = vi.spyOn(saver, "getTuple");
    const paid = await flow.send("w", { press: "pay" });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
    expect(reads).toHaveBeenCalled();
    expect(await flow.state("w")).toBeDefined();
  });
});

describe("a direct graph call between turns (outside the flow's lock)", () => {
  it("moves the checkpoint, so the next turn starts from the store, not from memory", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, store: openMemory() });
    model.script({ quantity: 2 });
    await flow.send("d", { text: "Two mugs please" });
    const config = { configurable: { thread_id: "d" } };
    // Empties the flow state through the graph: the conversation starts over.
    await flow.graph.updateState(config, { flow: null, routing: null });
    const turn = await flow.send("d", { pick: { item_id: "MUG" } });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "quantity" });
    expect((await flow.state("d"))?.answers.quantity).toBeUndefined();
  });
});

describe("a caller editing what a turn, a repeated event or a view returned", () => {
  it("changes nothing the next turn starts from (the trip: cards of looked-up rows)", async () => {
    const flow = await createFlow({ skill: TRIP, model: offlineModel(), store: openMemory(), now: NOW });
    const control = await createFlow({ skill: TRIP, model: offlineModel(), store: openMemory(), now: NOW });
    for (const f of [flow, control]) {
      await f.send("v", { text: "Lisbon AI Summit, 3 nights" });
      await f.send("v", { pick: { flight_id: "TP1350" } });
    }
    vandalize(await flow.send("v", { pick: { hotel_id: "H-BAIXA" } }));
    const card = (await control.send("v", { pick: { hotel_id: "H-BAIXA" } })).cards[0]?.digest;
    vandalize(await flow.state("v"));
    vandalize(await flow.conversation("v"));
    vandalize(await flow.lastTurn("v"));
    const paid = await flow.send("v", { press: "pay", card });
    const expected = await control.send("v", { press: "pay", card });
    expect(paid.reply.at(-1)).toMatch(/^Booked\./);
    expect(paid.reply).toEqual(expected.reply);
    expect(await flow.state("v")).toEqual(await control.state("v"));
  });

  it("changes nothing the next turn starts from (the shop: an event sent twice)", async () => {
    const { runs, tools } = recordingWrites();
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, tools, model, store: openMemory() });
    const control = await createFlow({ skill: SHOP, tools: recordingWrites().tools, model, store: openMemory() });
    const card = await toCard(flow, model, "v");
    await toCard(control, model, "v");
    vandalize(card);
    vandalize(await flow.state("v"));
    vandalize(await flow.conversation("v"));
    vandalize(await flow.lastTurn("v"));
    model.script({});
    const first = await flow.send("v", { text: "hm" }, { eventId: "e1" });
    vandalize(first);
    vandalize(await flow.send("v", { text: "hm" }, { eventId: "e1" }));
    model.script({});
    await control.send("v", { text: "hm" }, { eventId: "e1" });
    const done = await flow.send("v", { press: "buy" });
    const expected = await control.send("v", { press: "buy" });
    expect(done.reply).toEqual(expected.reply);
    expect(done.reply).toContain("Done. Your order MUG-2 is on its way.");
    expect(runs).toEqual(["charge_card", "ship_order"]);
    expect(await flow.state("v")).toEqual(await control.state("v"));
  });
});

/** A MemorySaver whose reads can be held back until released. */
class SlowReadSaver extends MemorySaver {
  hold: Promise<void> | undefined;
  override async getTuple(config: RunnableConfig) {
    const read = await super.getTuple(config);
    await this.hold;
    return read;
  }
}

const checkpointAfter = (parent: CheckpointTuple | undefined, id: string): Checkpoint => ({
  v: 4, id, ts: new Date().toISOString(),
  channel_values: { n: id }, channel_versions: { n: (Number(parent?.checkpoint.channel_versions.n ?? 0) + 1) }, versions_seen: {},
});

describe("the saver alone: reads racing stores inside a turn", () => {
  // The turn's own reads carry its key; `config` is re-made at each enter.
  let config: RunnableConfig = { configurable: { thread_id: "r", checkpoint_ns: "" } };
  const enter = async (saver: RememberingSaver) => {
    const entry = await saver.enter("r");
    config = { configurable: { thread_id: "r", checkpoint_ns: "", ...entry.configurable } };
    return entry.settled;
  };
  const head = (inner: MemorySaver) => async (thread: string) => openMemory({ saver: inner }).head!(thread);

  it("a read that began before a checkpoint was stored is not remembered over it", async () => {
    const inner = new SlowReadSaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await inner.put(config, checkpointAfter(undefined, "1"), { source: "loop", step: 0, parents: {} });
    await enter(saver);
    const next = checkpointAfter(await inner.getTuple(config), "2");
    let release!: () => void;
    inner.hold = new Promise((r) => (release = r));
    const slow = saver.getTuple(config);
    await saver.put({ configurable: { ...config.configurable, checkpoint_id: "1" } }, next, { source: "loop", step: 1, parents: {} }, { n: 2 });
    release();
    expect((await slow)?.checkpoint.id).toBe("1");
    inner.hold = undefined;
    expect((await saver.getTuple(config))?.checkpoint.id).toBe("2");
  });

  it("writes stored against the checkpoint being stored keep it from being remembered without them", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await enter(saver);
    const reads = vi.spyOn(inner, "getTuple");
    const put = saver.put(config, checkpointAfter(undefined, "1"), { source: "loop", step: 0, parents: {} }, { n: 1 });
    const writes = saver.putWrites({ configurable: { ...config.configurable, checkpoint_id: "1" } }, [["n", "w"]], "task");
    await Promise.all([put, writes]);
    const tuple = await saver.getTuple(config);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(tuple?.pendingWrites).toEqual([["task", "n", "w"]]);
  });

  it("writes stored against the remembered checkpoint after it was stored are read with it", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await enter(saver);
    await saver.put(config, checkpointAfter(undefined, "1"), { source: "loop", step: 0, parents: {} }, { n: 1 });
    await saver.putWrites({ configurable: { ...config.configurable, checkpoint_id: "1" } }, [["n", "w"]], "task");
    expect((await saver.getTuple(config))?.pendingWrites).toEqual([["task", "n", "w"]]);
  });

  it("answers from memory only inside a turn, and a kept checkpoint only while the store's head is it", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await enter(saver);
    await saver.put(config, checkpointAfter(undefined, "1"), { source: "loop", step: 0, parents: {} }, { n: 1 });
    saver.settle("r", "1");
    saver.leave("r");
    const reads = vi.spyOn(inner, "getTuple");
    await saver.getTuple(config);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(await enter(saver)).toBe(true);
    await saver.getTuple(config);
    expect(reads).toHaveBeenCalledTimes(1);
    saver.leave("r");
    // Another writer stores checkpoint 2 behind this saver's back.
    await inner.put({ configurable: { ...config.configurable, checkpoint_id: "1" } }, checkpointAfter(await inner.getTuple(config), "2"), { source: "loop", step: 1, parents: {} });
    expect(await saver.values("r")).toBeUndefined();
    expect(await enter(saver)).toBe(false);
    expect((await saver.getTuple(config))?.checkpoint.id).toBe("2");
  });

  it("a read without the turn's key while the turn runs (a view's) goes to the store", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await enter(saver);
    await saver.put(config, checkpointAfter(undefined, "1"), { source: "loop", step: 0, parents: {} }, { n: 1 });
    const reads = vi.spyOn(inner, "getTuple");
    const own = await saver.getTuple(config);
    expect(reads).toHaveBeenCalledTimes(0);
    const other = await saver.getTuple({ configurable: { thread_id: "r", checkpoint_ns: "" } });
    expect(reads).toHaveBeenCalledTimes(1);
    expect(comparable(other)).toEqual(comparable(own));
  });

  it("a checkpoint whose metadata cannot be copied is stored, and read back from the store, not refused", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await enter(saver);
    const odd = { source: "loop", step: 0, parents: {}, hook: () => undefined } as unknown as CheckpointMetadata;
    await saver.put(config, checkpointAfter(undefined, "1"), odd, { n: 1 });
    const reads = vi.spyOn(inner, "getTuple");
    expect((await saver.getTuple(config))?.checkpoint.id).toBe("1");
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("hands each read its own checkpoint structure: LangGraph editing one does not edit the next", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, head(inner), 8);
    await enter(saver);
    await saver.put(config, checkpointAfter(undefined, "1"), { source: "loop", step: 0, parents: {} }, { n: 1 });
    const first = (await saver.getTuple(config))!;
    first.checkpoint.channel_versions.n = 99;
    first.checkpoint.versions_seen.x = { n: 99 };
    first.metadata!.step = 99;
    const second = (await saver.getTuple(config))!;
    expect(second.checkpoint.channel_versions.n).toBe(1);
    expect(second.checkpoint.versions_seen).toEqual({});
    expect(second.metadata!.step).toBe(0);
  });
});

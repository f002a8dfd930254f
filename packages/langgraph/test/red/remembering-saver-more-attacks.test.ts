/**
 * More attacks on the flow's remembered checkpoint (persistence/remembering-saver.ts, create-flow.ts):
 * views called while a turn of the same thread runs, a caller editing what such a view returned, two
 * opened stores on one SQLite file interleaving turns and retried events, a turn whose model call throws,
 * a store failing after the last write, retention deleting a thread between turns, `durability` "async"
 * and "exit", concurrent sends on one thread. Each asserts what a correct flow must do: how often each
 * write ran, with which inputs, and the state the store and the flow show.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { BaseMessage } from "@langchain/core/messages";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer, openMemory } from "../../src/persistence/open-checkpointer.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import { RememberingSaver } from "../../src/persistence/remembering-saver.js";
import type { HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { offlineModel } from "../../src/models/index.js";
import { FailingOnceSaver, SHOP, recordingWrites, statusOf, toCard, type Ledger } from "../helpers/mini-shop.js";
import { checkAnswersAgainstStore, vandalize } from "../helpers/remembering.js";
import { notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("views during a running turn");

const CHAIN = fileURLToPath(new URL("./chain", import.meta.url));
const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const PRESET = { conference: "Lisbon AI Summit", nights: 3, flight_id: "TP1350", hotel_id: "H-BAIXA" };
const NOW = "2027-03-01T09:00:00Z";

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), "remembering-more-"));
  dirs.push(dir);
  return join(dir, "store.db");
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => vi.restoreAllMocks());

/** Stores to run on: memory, a SQLite file, and PostgreSQL when PG_URL is set. */
const stores: Array<readonly [string, () => Promise<Persistence>]> = [
  ["memory", async () => openMemory()],
  ["SQLite", () => openCheckpointer(scratch())],
  ...(process.env.PG_URL ? [["PostgreSQL", () => openCheckpointer(process.env.PG_URL!)] as const] : []),
];
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** A gate a tool waits at: `inside` resolves when the tool is waiting, `release` lets it go on. */
function gate() {
  let release!: () => void;
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const open = new Promise<void>((r) => (release = r));
  return { inside, release, wait: async () => (entered(), await open) };
}

/** The chain skill's tools (quote → confirm → reserve → stock_left → pay), recording each run; `blockOn` waits at a gate. */
function chainTools(blockOn?: string) {
  const g = gate();
  const runs: Array<{ tool: string; input: Record<string, unknown> }> = [];
  const tool = (name: string, kind: "lookup" | "write", run: (i: Record<string, unknown>) => unknown): HostTool => ({
    name, kind,
    run: async (input) => {
      runs.push({ tool: name, input: structuredClone(input) });
      if (name === blockOn) await g.wait();
      return run(input);
    },
  });
  const tools = {
    quote: tool("quote", "lookup", (i) => ({ total: (i.qty as number) * 10 })),
    reserve: tool("reserve", "write", (i) => ({ ref: `R${i.qty}` })),
    stock_left: tool("stock_left", "lookup", () => ({ left: 7 })),
    pay: tool("pay", "write", (i) => ({ receipt: `P-${i.total}` })),
  };
  return { tools, runs, ...g };
}

/** The trip's four writes as recording fakes; `blockOn` waits at a gate. */
function tripWrites(blockOn?: string) {
  const g = gate();
  const runs: string[] = [];
  const w = (name: string, out: () => unknown): HostTool => ({
    name, kind: "write",
    run: async () => {
      runs.push(name);
      if (name === blockOn) await g.wait();
      return out();
    },
  });
  const tools = {
    hold_flight: w("hold_flight", () => ({ flight_hold: "FH-1" })),
    hold_hotel: w("hold_hotel", () => ({ hotel_hold: "HH-1" })),
    reserve_cab: w("reserve_cab", () => ({ cab_booking: "CAB-1" })),
    take_payment: w("take_payment", () => ({ reference: "TRIP-1" })),
  };
  return { tools, runs, ...g };
}

/** A scripted model whose next `failNext` calls throw (a provider outage). */
class FlakyModel extends ScriptedChatModel {
  failNext = 0;
  override async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]) {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error("model unavailable (injected)");
    }
    return super._generate(messages, options);
  }
}

describe.each(stores)("a view called while a turn of the same thread runs a write (%s)", (_, open) => {
  it("shows what the store holds at that moment", async () => {
    const store = await open();
    try {
      const t = chainTools("reserve");
      const flow = await createFlow({ skill: CHAIN, tools: t.tools, model: new ScriptedChatModel([{ qty: 2 }]), store });
      const other = await createFlow({ skill: CHAIN, tools: t.tools, model: new ScriptedChatModel(), store });
      const thread = unique("view");
      expect((await flow.send(thread, { text: "two" })).reply).toEqual(["Reserve 2 for 20?"]);
      const going = flow.send(thread, { press: "go" });
      await t.inside;
      // reserve is running: the store's latest checkpoint holds its `started` entry.
      const seen = await flow.state(thread);
      expect(Object.values(seen!.ledger).map((e) => [e.tool, e.status])).toEqual([["reserve", "started"]]);
      expect(await flow.state(thread)).toEqual(await other.state(thread));
      expect(await flow.conversation(thread)).toEqual(await other.conversation(thread));
      t.release();
      expect((await going).reply).toEqual(["Reserved R2, 7 left, paid P-20."]);
      expect(t.runs.map((r) => r.tool)).toEqual(["quote", "reserve", "stock_left", "pay"]);
    } finally {
      await store.close();
    }
  });

  // Found by this red team (fixed since): during a turn, `state`/`conversation`/`lastTurn` read through
  // `graph.getState`, which the saver answered from the live tuple (`served`: the channel values shared,
  // not copied), so the caller got the very objects the running turn held; editing them edited the
  // conversation the turn went on from and stored (here the cached quote the card was confirmed with:
  // pay then charged 1). Now only the turn's own reads, which carry its key, are answered from memory.
  it("is the caller's own copy: editing it changes neither the running turn nor what the store keeps", async () => {
    const store = await open();
    try {
      const t = chainTools("reserve");
      const flow = await createFlow({ skill: CHAIN, tools: t.tools, model: new ScriptedChatModel([{ qty: 2 }]), store });
      const thread = unique("edit");
      expect((await flow.send(thread, { text: "two" })).reply).toEqual(["Reserve 2 for 20?"]);
      const going = flow.send(thread, { press: "go" });
      await t.inside;
      const seen = await flow.state(thread);
      for (const entry of Object.values(seen!.lookups)) (entry.result as { total?: number }).total = 1;
      t.release();
      const turn = await going;
      // Correct: the confirmed chain goes on unchanged, pay charges the confirmed 20.
      expect(turn.reply).toEqual(["Reserved R2, 7 left, paid P-20."]);
      expect(t.runs.map((r) => r.tool)).toEqual(["quote", "reserve", "stock_left", "pay"]);
      expect(t.runs.at(-1)!.input).toEqual({ total: 20 });
      // And the store never holds the caller's edit.
      const fresh = await createFlow({ skill: CHAIN, tools: t.tools, model: new ScriptedChatModel(), store });
      const totals = Object.values((await fresh.state(thread))!.lookups).filter((e) => e.tool === "quote").map((e) => (e.result as { total?: number }).total);
      expect(totals).toEqual([20]);
    } finally {
      await store.close();
    }
  });
});

describe("a caller editing every view it got while a trip's write runs (a skill with secrets)", () => {
  // Same cause (fixed): even where redaction copies the skill's state, `conversation().usage` was the
  // stored routing's usage object itself; editing it changed the usage the conversation kept.
  it("changes nothing the turn goes on from or stores", async () => {
    const store = openMemory();
    const t = tripWrites("hold_hotel");
    const c = tripWrites();
    const flow = await createFlow({ skill: TRIP, model: offlineModel(), store, now: NOW, tools: t.tools });
    const control = await createFlow({ skill: TRIP, model: offlineModel(), store: openMemory(), now: NOW, tools: c.tools });
    await flow.send("v", { preset: PRESET });
    await control.send("v", { preset: PRESET });
    const paying = flow.send("v", { press: "pay" });
    await t.inside;
    vandalize(await flow.conversation("v"));
    vandalize(await flow.state("v"));
    vandalize(await flow.lastTurn("v"));
    t.release();
    const paid = await paying;
    const expected = await control.send("v", { press: "pay" });
    expect(paid.reply).toEqual(expected.reply);
    expect(t.runs).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    expect(c.runs).toEqual(t.runs);
    const fresh = await createFlow({ skill: TRIP, model: offlineModel(), store, now: NOW, tools: t.tools });
    expect(await fresh.conversation("v")).toEqual(await control.conversation("v"));
    expect(await flow.conversation("v")).toEqual(await control.conversation("v"));
  });
});

describe("two opened stores on one SQLite file: a retried event the other process applied", () => {
  it("is a repeat here: not applied twice, the model not called again, the state the other's", async () => {
    const file = scratch();
    const [one, two] = [await openCheckpointer(file), await openCheckpointer(file)];
    try {
      const model = new ScriptedChatModel();
      const a = await createFlow({ skill: SHOP, model, store: one });
      const b = await createFlow({ skill: SHOP, model, store: two });
      model.script({ quantity: 2 });
      await a.send("t", { text: "Two mugs please" });
      // a's memory ends here; b applies e1 (three mugs), a's retry of e1 follows.
      model.script({ quantity: 3 });
      const first = await b.send("t", { text: "make it three" }, { eventId: "e1" });
      const calls = model.prompts.length;
      const retried = await a.send("t", { text: "make it three" }, { eventId: "e1" });
      expect(retried.repeated).toBe(true);
      expect(retried.reply).toEqual(first.reply);
      expect(model.prompts.length).toBe(calls);
      expect((await a.state("t"))?.answers.quantity?.value).toBe(3);
      expect((await a.conversation("t"))?.usage.modelCalls).toBe((await b.conversation("t"))?.usage.modelCalls);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("two opened stores on one SQLite file: a retried event whose first attempt's model call threw in the other process", () => {
  it("is applied (not answered as a repeat), once, and a second retry is a repeat, whichever process gets it", async () => {
    const file = scratch();
    const [one, two] = [await openCheckpointer(file), await openCheckpointer(file)];
    try {
      const model = new FlakyModel();
      const { runs, tools } = recordingWrites();
      const a = await createFlow({ skill: SHOP, tools, model, store: one });
      const b = await createFlow({ skill: SHOP, tools, model, store: two });
      model.script({ quantity: 2 });
      await a.send("t", { text: "Two mugs please" });
      // a's memory ends here. b's attempt at e1 stores the event, then the model throws.
      model.failNext = 1;
      await expect(b.send("t", { text: "just one then" }, { eventId: "e1" })).rejects.toThrow("model unavailable");
      const calls = model.prompts.length;
      model.script({ quantity: 1 });
      const retried = await a.send("t", { text: "just one then" }, { eventId: "e1" });
      expect(retried.repeated).toBeUndefined();
      expect(model.prompts.length).toBe(calls + 1);
      expect((await a.state("t"))?.answers.quantity?.value).toBe(1);
      expect((await b.state("t"))?.answers.quantity?.value).toBe(1);
      // A second retry: a repeat on either process, the model not called.
      const again = await b.send("t", { text: "just one then" }, { eventId: "e1" });
      expect(again.repeated).toBe(true);
      const againA = await a.send("t", { text: "just one then" }, { eventId: "e1" });
      expect(againA.repeated).toBe(true);
      expect(model.prompts.length).toBe(calls + 1);
      expect(runs).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe("a turn whose model call throws, on the flow that remembers the thread", () => {
  it("leaves no remembered checkpoint standing in for the stored event: the retry is applied, then repeats are repeats", async () => {
    const model = new FlakyModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model, store: openMemory() });
    await toCard(flow, model, "t");
    model.failNext = 1;
    await expect(flow.send("t", { text: "hm, what is it again" }, { eventId: "e1" })).rejects.toThrow("model unavailable");
    const calls = model.prompts.length;
    model.script({});
    const retried = await flow.send("t", { text: "hm, what is it again" }, { eventId: "e1" });
    expect(retried.repeated).toBeUndefined();
    expect(model.prompts.length).toBe(calls + 1);
    expect((await flow.send("t", { text: "hm, what is it again" }, { eventId: "e1" })).repeated).toBe(true);
    expect(model.prompts.length).toBe(calls + 1);
    const done = await flow.send("t", { press: "buy" });
    expect(done.reply).toContain("Done. Your order MUG-2 is on its way.");
    expect(runs).toEqual(["charge_card", "ship_order"]);
  });
});

describe("the store failing to store the checkpoint after the last write (both writes ran)", () => {
  for (const next of ["resume", "send", "the other flow's send"] as const) {
    it(`then ${next}: no write runs again, and every view shows both done`, async () => {
      const saver = new FailingOnceSaver();
      const store = openMemory({ saver });
      const model = new ScriptedChatModel();
      const { runs, tools } = recordingWrites();
      const flow = await createFlow({ skill: SHOP, tools, model, store });
      const other = await createFlow({ skill: SHOP, tools, model, store });
      await toCard(flow, model, "t");
      saver.failWhen = (ledger) => statusOf(ledger, "ship_order") === "done";
      await expect(flow.send("t", { press: "buy" })).rejects.toThrow("disk full");
      expect(runs).toEqual(["charge_card", "ship_order"]);
      // The store holds ship_order started (its writes stored against that checkpoint).
      const seen = await flow.state("t");
      expect(statusOf(seen!.ledger as Ledger, "charge_card")).toBe("done");
      if (next === "resume") await flow.resume("t");
      else if (next === "send") await flow.send("t", { press: "buy" });
      else await other.send("t", { press: "buy" });
      expect(runs).toEqual(["charge_card", "ship_order"]);
      for (const f of [flow, other]) {
        const state = await f.state("t");
        expect([statusOf(state!.ledger as Ledger, "charge_card"), statusOf(state!.ledger as Ledger, "ship_order")]).toEqual(["done", "done"]);
      }
      expect(await flow.resume("t")).toBeUndefined();
      await flow.send("t", { press: "buy" });
      expect(runs).toEqual(["charge_card", "ship_order"]);
    });
  }
});

describe("retention in another process deleting a thread between two turns, the id then reused there", () => {
  it("is seen: this flow neither shows nor continues the deleted conversation, nor the other's new one from memory", async () => {
    const file = scratch();
    const one = await openCheckpointer(file);
    // No retention of its own (a sweep after its turns would delete the reused thread too); the sweep is called below.
    const two = await openCheckpointer(file);
    try {
      const model = new ScriptedChatModel();
      const a = await createFlow({ skill: SHOP, model, store: one });
      const b = await createFlow({ skill: SHOP, model, store: two });
      model.script({ quantity: 2 });
      await a.send("r", { text: "Two mugs please" });
      expect((await a.state("r"))?.answers.quantity?.value).toBe(2);
      const swept = await two.deleteIdle(1, Date.now() + 60_000);
      expect(swept.deleted).toEqual(["r"]);
      expect(await a.state("r")).toBeUndefined();
      // The id reused by the other process: a new conversation, three mugs.
      model.script({ quantity: 3 });
      await b.send("r", { text: "Three mugs please" });
      expect((await a.state("r"))?.answers.quantity?.value).toBe(3);
      const turn = await a.send("r", { pick: { item_id: "MUG" } });
      expect(turn.reply.join(" ")).not.toMatch(/how many/i);
      expect((await b.state("r"))?.answers.quantity?.value).toBe(3);
      expect((await b.state("r"))?.answers.item_id?.value).toBe("MUG");
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.each(["async", "exit"] as const)('durability "%s"', (durability) => {
  it("answers from memory are the store's answers, each write runs once, and a retried event is a repeat", async () => {
    const compared = checkAnswersAgainstStore();
    const store = await openCheckpointer(scratch());
    try {
      const w = tripWrites();
      const flow = await createFlow({ skill: TRIP, model: offlineModel(), store, now: NOW, tools: w.tools, durability });
      await flow.send("d", { preset: PRESET }, { eventId: "p" });
      const paid = await flow.send("d", { press: "pay" }, { eventId: "pay" });
      expect(paid.reply.at(-1)).toMatch(/^Booked\./);
      const again = await flow.send("d", { press: "pay" }, { eventId: "pay" });
      expect(again.repeated).toBe(true);
      expect(again.reply).toEqual(paid.reply);
      await flow.send("d", { text: "thanks" });
      expect(w.runs).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
    } finally {
      await store.close();
    }
    expect(compared.length).toBeGreaterThan(3);
    for (const { memory, store: stored } of compared) expect(memory).toEqual(stored);
  });
});

describe("concurrent sends on one thread in one process", () => {
  it("the same event sent three times at once (one eventId): applied once, each write once", async () => {
    const { runs, tools } = recordingWrites();
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, tools, model, store: openMemory() });
    await toCard(flow, model, "c");
    const turns = await Promise.all([1, 2, 3].map(() => flow.send("c", { press: "buy" }, { eventId: "buy-1" })));
    expect(turns.filter((t) => t.repeated)).toHaveLength(2);
    for (const t of turns) expect(t.reply).toContain("Done. Your order MUG-2 is on its way.");
    expect(runs).toEqual(["charge_card", "ship_order"]);
  });

  it("views racing turns on one thread, two flows on one store: each view is one of the states the store held, never an older one after a newer", async () => {
    const store = openMemory();
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const a = await createFlow({ skill: SHOP, tools, model, store });
    const b = await createFlow({ skill: SHOP, tools, model, store });
    await toCard(a, model, "x");
    const seen: Array<string | undefined> = [];
    let done = false;
    const watch = (async () => {
      while (!done) {
        for (const f of [a, b]) seen.push(statusOf(((await f.state("x"))?.ledger ?? {}) as Ledger, "ship_order"));
        await new Promise((r) => setImmediate(r));
      }
    })();
    await Promise.all([b.send("x", { press: "buy" }), a.send("x", { press: "buy" })]);
    done = true;
    await watch;
    expect(runs).toEqual(["charge_card", "ship_order"]);
    const order = [undefined, "started", "done"];
    const ranks = seen.map((s) => order.indexOf(s));
    expect(ranks.every((r) => r >= 0)).toBe(true);
    for (let i = 1; i < ranks.length; i += 1) expect(ranks[i]).toBeGreaterThanOrEqual(ranks[i - 1]!);
    for (const f of [a, b]) expect(statusOf((await f.state("x"))!.ledger as Ledger, "ship_order")).toBe("done");
  });
});

describe("the saver alone: a thread's kept checkpoint evicted while its turn runs (keep = 1)", () => {
  const cfg = (thread: string, id?: string) => ({ configurable: { thread_id: thread, checkpoint_ns: "", ...(id ? { checkpoint_id: id } : {}) } });
  const cp = (id: string, n: number) => ({ v: 4, id, ts: new Date().toISOString(), channel_values: { n: id }, channel_versions: { n }, versions_seen: {} });
  const meta = (step: number) => ({ source: "loop" as const, step, parents: {} });

  it("answers values and reads from the store, never from the evicted or the other thread's copy", async () => {
    const inner = new MemorySaver();
    const saver = new RememberingSaver(inner, async (t) => openMemory({ saver: inner }).head!(t), 1);
    for (const [thread, id] of [["a", "a1"], ["b", "b1"]] as const) {
      await saver.enter(thread);
      await saver.put(cfg(thread), cp(id, 1), meta(0), { n: 1 });
      saver.settle(thread, id);
      saver.leave(thread);
    }
    // b evicted a. a's turn starts from the store.
    expect((await saver.enter("a")).settled).toBe(false);
    expect((await saver.getTuple(cfg("a")))?.checkpoint.id).toBe("a1");
    // b's turn begins from its kept copy; a settles a new checkpoint, evicting b's copy mid-turn.
    expect((await saver.enter("b")).settled).toBe(true);
    await saver.put(cfg("a", "a1"), cp("a2", 2), meta(1), { n: 2 });
    saver.settle("a", "a2");
    saver.leave("a");
    const reads = vi.spyOn(inner, "getTuple");
    expect(await saver.values("b")).toBeUndefined();
    expect((await saver.getTuple(cfg("b")))?.checkpoint.channel_values).toEqual({ n: "b1" });
    expect(await saver.values("a")).toEqual({ n: "a2" });
    saver.leave("b");
    expect(reads.mock.calls.every(([c]) => c.configurable?.thread_id === "b")).toBe(true);
  });
});

describe("a thread deleted through the flow's own graph checkpointer, then its id reused", () => {
  it("starts a new conversation: nothing of the deleted one is shown or continued", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, store: openMemory() });
    model.script({ quantity: 2 });
    await flow.send("z", { text: "Two mugs please" });
    await (flow.graph.checkpointer as BaseCheckpointSaver).deleteThread("z");
    expect(await flow.state("z")).toBeUndefined();
    expect(await flow.conversation("z")).toBeUndefined();
    const turn = await flow.send("z", { pick: { item_id: "MUG" } });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "quantity" });
    expect((await flow.state("z"))?.answers.quantity).toBeUndefined();
  });
});

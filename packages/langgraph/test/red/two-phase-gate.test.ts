/**
 * Red team of the two-phase run (create-flow.ts `run`, durability "sync"): the read-only steps run with
 * "exit" and stop before `act`, then the writes run with "sync". Each test passes while the guarantee
 * holds: a write's `started` entry is stored before it runs, a write runs at most once per key, a failed
 * first checkpoint applies nothing and its retry (same eventId) applies the event, and the thread stays usable.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemorySaver, type Checkpoint, type CheckpointMetadata, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { createFlow } from "../../src/create-flow.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";
import { PlainJsonSerializer } from "../../src/persistence/plain-json-serializer.js";
import type { HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const CHAIN = fileURLToPath(new URL("./chain", import.meta.url));

/** A MemorySaver whose `put`/`putWrites` can be made to throw (once, at the Nth call after arming). */
class FlakySaver extends MemorySaver {
  calls: string[] = [];
  failPutAt?: number;
  failWritesAt?: number;
  private nPuts = 0;
  private nWrites = 0;
  arm(put?: number, writes?: number) { this.nPuts = 0; this.nWrites = 0; this.calls = []; this.failPutAt = put; this.failWritesAt = writes; }
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    this.nPuts += 1;
    this.calls.push("put");
    if (this.nPuts === this.failPutAt) throw new Error("store unreachable (put)");
    return super.put(config, checkpoint, metadata);
  }
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string) {
    this.nWrites += 1;
    this.calls.push("putWrites");
    if (this.nWrites === this.failWritesAt) throw new Error("store unreachable (putWrites)");
    return super.putWrites(config, writes, taskId);
  }
}

interface Run { tool: string; key: string; input: Record<string, unknown>; stored?: string }

async function chainFlow(options: { saver?: FlakySaver; reserveThrows?: number } = {}) {
  const saver = options.saver ?? new FlakySaver(new PlainJsonSerializer());
  const runs: Run[] = [];
  let reserveThrows = options.reserveThrows ?? 0;
  // Filled once the flow exists: what the store holds for this key when the write runs.
  let storedStatus: (thread: string, key: string) => Promise<string | undefined> = async () => undefined;
  const write = (name: string, run: (i: Record<string, unknown>) => unknown): HostTool => ({
    name, kind: "write",
    run: async (input, context) => {
      runs.push({ tool: name, key: context.idempotencyKey, input, stored: await storedStatus("t", context.idempotencyKey) });
      if (name === "reserve" && reserveThrows > 0) { reserveThrows -= 1; throw new Error("reserve service down"); }
      return run(input);
    },
  });
  const tools: Record<string, HostTool> = {
    quote: { name: "quote", kind: "lookup", run: (i) => ({ total: (i.qty as number) * 10 }) },
    reserve: write("reserve", (i) => ({ ref: `R${i.qty}` })),
    stock_left: { name: "stock_left", kind: "lookup", run: () => ({ left: 5 }) },
    pay: write("pay", (i) => ({ receipt: `P-${i.total}` })),
  };
  const flow = await createFlow({ skill: CHAIN, tools, model: new ScriptedChatModel([{ qty: 2 }]), store: openMemory({ saver }) });
  storedStatus = async (thread, key) => {
    const tuple = await saver.getTuple({ configurable: { thread_id: thread } });
    const flowValue = tuple?.checkpoint.channel_values.flow as { ledger?: Record<string, { idempotencyKey: string; status: string }> } | undefined;
    return Object.values(flowValue?.ledger ?? {}).find((e) => e.idempotencyKey === key)?.status;
  };
  return { flow, saver, runs };
}

const writesRun = (runs: Run[]) => runs.map((r) => r.tool);

describe("the two-phase run: the gate and the started entry", () => {
  it("stores each write's started entry before the write runs (the saver's latest checkpoint says started)", async () => {
    const { flow, runs } = await chainFlow();
    const card = await flow.send("t", { text: "two" });
    expect(card.reply).toEqual(["Reserve 2 for 20?"]);
    expect(runs).toEqual([]);
    const turn = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(turn.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(runs.map((r) => [r.tool, r.stored])).toEqual([["reserve", "started"], ["pay", "started"]]);
  });

  it("runs no write for free text that is not the confirmation, and none for a press of an unknown answer", async () => {
    const { flow, runs } = await chainFlow();
    await flow.send("t", { text: "two" });
    await flow.send("t", { press: "nope" }).catch(() => undefined);
    expect(runs).toEqual([]);
    expect((await flow.lastTurn("t"))?.pending).toMatchObject({ kind: "confirm" });
  });

  it("a put throwing on the press's only checkpoint: nothing ran, nothing stored, the retry with the same eventId applies it once", async () => {
    const saver = new FlakySaver(new PlainJsonSerializer());
    const { flow, runs } = await chainFlow({ saver });
    const card = await flow.send("t", { text: "two" });
    const before = (await flow.state("t"))!.turn;
    saver.arm(1);
    await expect(flow.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p1" })).rejects.toThrow(/store unreachable/);
    expect(runs).toEqual([]);
    expect((await flow.state("t"))!.turn).toBe(before);
    expect(await flow.resume("t")).toBeUndefined();
    expect(runs).toEqual([]);
    const retry = await flow.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p1" });
    expect(retry.repeated).toBeUndefined();
    expect(retry.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(writesRun(runs)).toEqual(["reserve", "pay"]);
    const again = await flow.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p1" });
    expect(again.repeated).toBe(true);
    expect(writesRun(runs)).toEqual(["reserve", "pay"]);
  });

  for (const at of [2, 3]) {
    it(`a put throwing at the turn's checkpoint ${at} (after a write ran): the next send finishes it, each write once per key, nothing lost`, async () => {
      const saver = new FlakySaver(new PlainJsonSerializer());
      const { flow, runs } = await chainFlow({ saver });
      const card = await flow.send("t", { text: "two" });
      saver.arm(at);
      await expect(flow.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p1" })).rejects.toThrow(/store unreachable/);
      const ranFirst = runs.length;
      expect(ranFirst).toBeGreaterThan(0);
      // The same press retried (same eventId): the crashed turn is finished, the event not applied twice.
      const retry = await flow.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p1" });
      expect(retry.reply.join(" ")).toContain("Reserved R2, 5 left, paid P-20.");
      const byKey = new Map<string, Set<string>>();
      for (const r of runs) byKey.set(r.tool, (byKey.get(r.tool) ?? new Set()).add(r.key));
      // One key per write: a re-send carries the key of the first attempt.
      expect([...byKey.values()].map((s) => s.size)).toEqual([1, 1]);
      expect([...byKey.keys()]).toEqual(["reserve", "pay"]);
      expect(runs.every((r) => r.stored === "started")).toBe(true);
      const state = await flow.state("t");
      expect(Object.values(state!.ledger).map((e) => [e.tool, e.status])).toEqual([["reserve", "done"], ["pay", "done"]]);
      await flow.send("t", { press: "go", card: card.cards[0]?.digest });
      expect(new Set(writesRun(runs))).toEqual(new Set(["reserve", "pay"]));
      expect(runs.filter((r) => r.tool === "pay").length).toBeLessThanOrEqual(2);
    });
  }

  it("a putWrites throwing in the writes' phase: resume finishes the turn, every write with its one key", async () => {
    const saver = new FlakySaver(new PlainJsonSerializer());
    const { flow, runs } = await chainFlow({ saver });
    const card = await flow.send("t", { text: "two" });
    saver.arm(undefined, 1);
    const first = await flow.send("t", { press: "go", card: card.cards[0]?.digest }).then((t) => t, (e: Error) => e);
    const resumed = await flow.resume("t");
    const reply = [...(first instanceof Error ? [] : first.reply), ...(resumed?.reply ?? [])].join(" ");
    expect(reply).toContain("Reserved R2, 5 left, paid P-20.");
    expect(new Set(runs.map((r) => `${r.tool}:${r.key}`)).size).toBe(2);
    expect(runs.every((r) => r.stored === "started")).toBe(true);
  });

  it("a write that throws: in doubt, the same press re-sends it with the same key, and pay runs once", async () => {
    const { flow, runs } = await chainFlow({ reserveThrows: 1 });
    const card = await flow.send("t", { text: "two" });
    const first = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(writesRun(runs)).toEqual(["reserve"]);
    expect(first.reply.join(" ")).toMatch(/reserve/i);
    const again = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(again.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(writesRun(runs)).toEqual(["reserve", "reserve", "pay"]);
    expect(runs[0]!.key).toBe(runs[1]!.key);
    expect(runs.every((r) => r.stored === "started")).toBe(true);
  });
});

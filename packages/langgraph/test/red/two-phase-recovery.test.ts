/**
 * Red team of the two-phase run (create-flow.ts `run`): recovery across flows on one store, injected
 * failures (createTestFlow), a failed error write after a model failure, and an embedder's own first
 * phase. Each test passes while the guarantee holds.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MemorySaver, type Checkpoint, type CheckpointMetadata, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { createFlow } from "../../src/create-flow.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";
import { PlainJsonSerializer } from "../../src/persistence/plain-json-serializer.js";
import type { HostTool } from "../../src/run-tool.js";
import { createTestFlow } from "../../src/testing/index.js";
import { toFlowEvent } from "../../src/to-flow-event.js";
import type { ExtractRequest } from "../../src/understand/model-port.js";

const CHAIN = fileURLToPath(new URL("./chain", import.meta.url));

class FlakySaver extends MemorySaver {
  failPut = 0;
  failWrites = 0;
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    if (this.failPut > 0 && --this.failPut === 0) throw new Error("store unreachable (put)");
    return super.put(config, checkpoint, metadata);
  }
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string) {
    if (this.failWrites > 0 && --this.failWrites === 0) throw new Error("store unreachable (putWrites)");
    return super.putWrites(config, writes, taskId);
  }
}

interface Run { tool: string; key: string }

function chainTools(runs: Run[]): Record<string, HostTool> {
  const write = (name: string, out: (i: Record<string, unknown>) => unknown): HostTool => ({
    name, kind: "write", run: (input, context) => (runs.push({ tool: name, key: context.idempotencyKey }), out(input)),
  });
  return {
    quote: { name: "quote", kind: "lookup", run: (i) => ({ total: (i.qty as number) * 10 }) },
    reserve: write("reserve", (i) => ({ ref: `R${i.qty}` })),
    stock_left: { name: "stock_left", kind: "lookup", run: () => ({ left: 5 }) },
    pay: write("pay", (i) => ({ receipt: `P-${i.total}` })),
  };
}

function port(fail = 0) {
  const p = {
    id: "scripted", calls: 0, fail,
    async extract(_r: ExtractRequest) {
      p.calls += 1;
      if (p.fail > 0) { p.fail -= 1; throw new Error("model unreachable"); }
      return { extraction: { ok: true as const, values: { qty: 2 } }, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } };
    },
  };
  return p;
}

const perKey = (runs: Run[]) => runs.reduce<Record<string, Set<string>>>((m, r) => ((m[r.tool] ??= new Set()).add(r.key), m), {});

describe("the two-phase run: recovery", () => {
  it("flow A's writes phase fails at its first checkpoint; flow B on the same store finishes it, each write one key, A then sees it", async () => {
    const saver = new FlakySaver(new PlainJsonSerializer());
    const store = openMemory({ saver });
    const runs: Run[] = [];
    const a = await createFlow({ skill: CHAIN, tools: chainTools(runs), model: port(), store });
    const b = await createFlow({ skill: CHAIN, tools: chainTools(runs), model: port(), store });
    const card = await a.send("t", { text: "two" });
    // The press's checkpoint (1) is stored; the one after reserve (2) fails.
    saver.failPut = 2;
    await expect(a.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p" })).rejects.toThrow(/store unreachable/);
    expect(runs.map((r) => r.tool)).toEqual(["reserve"]);
    const turn = await b.send("t", { press: "go", card: card.cards[0]?.digest }, { eventId: "p" });
    expect(turn.reply.join(" ")).toContain("Reserved R2, 5 left, paid P-20.");
    expect(turn.repeated).toBe(true);
    const keys = perKey(runs);
    expect(Object.keys(keys)).toEqual(["reserve", "pay"]);
    expect([keys.reserve!.size, keys.pay!.size]).toEqual([1, 1]);
    expect(runs.filter((r) => r.tool === "pay")).toHaveLength(1);
    expect(Object.values((await a.state("t"))!.ledger).map((e) => e.status)).toEqual(["done", "done"]);
    expect((await a.lastTurn("t"))?.reply.join(" ")).toContain("Reserved R2");
  });

  it("a model failure whose error write also fails: the thread is not stuck (the next message is understood, no write ran)", async () => {
    const saver = new FlakySaver(new PlainJsonSerializer());
    const runs: Run[] = [];
    const model = port();
    const flow = await createFlow({ skill: CHAIN, tools: chainTools(runs), model, store: openMemory({ saver }) });
    model.fail = 1;
    saver.failWrites = 1;
    await expect(flow.send("t", { text: "two" })).rejects.toThrow();
    const card = await flow.send("t", { text: "two" });
    expect(card.reply.at(-1)).toBe("Reserve 2 for 20?");
    expect(runs).toEqual([]);
    const paid = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(paid.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(runs.map((r) => r.tool)).toEqual(["reserve", "pay"]);
  });

  it("a model failure whose exit checkpoint fails: nothing stored, the retry with the same eventId is applied", async () => {
    const saver = new FlakySaver(new PlainJsonSerializer());
    const model = port();
    const flow = await createFlow({ skill: CHAIN, tools: chainTools([]), model, store: openMemory({ saver }) });
    model.fail = 1;
    saver.failPut = 1;
    await expect(flow.send("t", { text: "two" }, { eventId: "m" })).rejects.toThrow();
    const retry = await flow.send("t", { text: "two" }, { eventId: "m" });
    expect(retry.repeated).toBeUndefined();
    expect(retry.reply).toEqual(["Reserve 2 for 20?"]);
  });

  it("createTestFlow's in-doubt failure on reserve: the same press re-sends it with the same key, pay once", async () => {
    const runs: Run[] = [];
    const flow = await createTestFlow({ skill: CHAIN, tools: chainTools(runs), model: port(), failures: { reserve: 1 } });
    const card = await flow.send("t", { text: "two" });
    const first = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(first.reply.join(" ")).toMatch(/reserve/);
    expect(runs.filter((r) => r.tool === "pay")).toEqual([]);
    const again = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(again.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    const keys = perKey(runs);
    expect([keys.reserve!.size, keys.pay!.size]).toEqual([1, 1]);
    expect(runs.filter((r) => r.tool === "pay")).toHaveLength(1);
  });

  it("createTestFlow's rejection on pay (nothing done): reserve stays done and is not re-run; the next press runs pay once", async () => {
    const runs: Run[] = [];
    const flow = await createTestFlow({ skill: CHAIN, tools: chainTools(runs), model: port(), rejections: { pay: 1 } });
    const card = await flow.send("t", { text: "two" });
    await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    const again = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
    expect(again.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(runs.filter((r) => r.tool === "reserve")).toHaveLength(1);
    expect(perKey(runs).pay!.size).toBe(1);
  });

  it("an embedder's own first phase (exit, stopped before act): the write waits started, and the next send runs it once before its own event", async () => {
    const runs: Run[] = [];
    const flow = await createFlow({ skill: CHAIN, tools: chainTools(runs), model: port() });
    const card = await flow.send("t", { text: "two" });
    const config = { configurable: { thread_id: "t" } };
    const out = (await flow.graph.getState(config)).values.out;
    await flow.graph.invoke({ input: toFlowEvent({ press: "go", card: card.cards[0]!.digest }), out, event: null, call: null }, { ...config, interruptBefore: ["act"], durability: "exit" });
    const waiting = await flow.graph.getState(config);
    expect(waiting.next).toEqual(["act"]);
    expect(runs).toEqual([]);
    expect(Object.values(waiting.values.flow!.ledger).map((e) => e.status)).toEqual(["started"]);
    // lastTurn/state while the write waits: the stored values, no write shown as done.
    expect(Object.values((await flow.state("t"))!.ledger).map((e) => e.status)).toEqual(["started"]);
    const next = await flow.send("t", { text: "hello" });
    expect(runs.map((r) => r.tool)).toEqual(["reserve", "pay"]);
    expect(next.reply.join(" ")).toContain("Reserved R2, 5 left, paid P-20.");
    expect(await flow.resume("t")).toBeUndefined();
    await flow.send("t", { press: "go", card: card.cards[0]!.digest });
    expect(runs.map((r) => r.tool)).toEqual(["reserve", "pay"]);
  });
});

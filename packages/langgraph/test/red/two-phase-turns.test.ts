/**
 * Red team of the two-phase run (create-flow.ts `run`): failures in the read-only phase (model call,
 * lookups) and what the embedder can do between sends, on several skills, a hand-off and an approval.
 * Each test passes while the guarantee holds.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";
import type { HostTool } from "../../src/run-tool.js";
import type { ExtractRequest, ModelPort } from "../../src/understand/model-port.js";
import { toFlowEvent } from "../../src/to-flow-event.js";

const CHAIN = fileURLToPath(new URL("./chain", import.meta.url));
const HANDOFF = fileURLToPath(new URL("../../../../test/fixtures/serve/approval-then-hand-off", import.meta.url));

interface Run { tool: string; key: string; stored?: string | undefined }

/** A model port answering with the next scripted values; `fail` makes the next call throw. */
function scriptedPort() {
  const script: Array<{ values: Record<string, unknown>; skill?: string }> = [];
  const port = {
    id: "scripted", calls: 0, fail: 0, script,
    async extract(_request: ExtractRequest) {
      port.calls += 1;
      if (port.fail > 0) { port.fail -= 1; throw new Error("model unreachable"); }
      const next = script.shift() ?? { values: {} };
      return { extraction: { ok: true as const, values: next.values }, ...(next.skill ? { skill: next.skill } : {}), usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } };
    },
  };
  return port satisfies ModelPort;
}

async function setup(options: { quoteFails?: number; quoteHangs?: number; skills?: boolean } = {}) {
  const store = openMemory();
  const runs: Run[] = [];
  let quoteFails = options.quoteFails ?? 0;
  let quoteHangs = options.quoteHangs ?? 0;
  let stored: (key: string) => Promise<string | undefined> = async () => undefined;
  const write = (name: string, out: (i: Record<string, unknown>) => unknown, kind: "write" | "handoff" = "write"): HostTool => ({
    name, kind,
    run: async (input, context) => {
      runs.push({ tool: name, key: context.idempotencyKey, stored: await stored(context.idempotencyKey) });
      return out(input);
    },
  });
  const tools: Record<string, HostTool> = {
    quote: {
      name: "quote", kind: "lookup",
      run: (i) => {
        if (quoteFails > 0) return (quoteFails -= 1), Promise.reject(new Error("quote service down"));
        if (quoteHangs > 0) return (quoteHangs -= 1), new Promise(() => undefined);
        return { total: (i.qty as number) * 10 };
      },
    },
    reserve: write("reserve", (i) => ({ ref: `R${i.qty}` })),
    stock_left: { name: "stock_left", kind: "lookup", run: () => ({ left: 5 }) },
    pay: write("pay", (i) => ({ receipt: `P-${i.total}` })),
    pass_to_agent: write("pass_to_agent", () => ({ queued: true }), "handoff"),
    refund_order: write("refund_order", () => ({ refunded: true })),
  };
  const model = scriptedPort();
  const flow = await createFlow({
    ...(options.skills ? { skills: [CHAIN, HANDOFF] } : { skill: CHAIN }),
    tools, model, store, limits: { toolTimeoutMs: 50 },
  });
  const thread = "t";
  stored = async (key) => {
    const tuple = await store.saver.getTuple({ configurable: { thread_id: thread } });
    const channels = tuple?.checkpoint.channel_values as { flow?: { ledger?: Record<string, { idempotencyKey: string; status: string }> } } | undefined;
    // With several skills the skill in progress keeps its flow in the `flow` channel too; look everywhere.
    const text = JSON.stringify(tuple?.checkpoint.channel_values ?? {});
    const direct = Object.values(channels?.flow?.ledger ?? {}).find((e) => e.idempotencyKey === key)?.status;
    if (direct) return direct;
    const m = new RegExp(`"idempotencyKey":"${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}","status":"(\\w+)"`).exec(text)
      ?? new RegExp(`"status":"(\\w+)"[^{}]*"idempotencyKey":"${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`).exec(text);
    return m?.[1];
  };
  return { flow, store, runs, model, thread };
}

const tools = (runs: Run[]) => runs.map((r) => r.tool);

/** "two", the card it shows, Pay: the reply says both writes ran, and they ran once, in order. */
async function orderTwoAndPay({ flow, runs, model }: Pick<Awaited<ReturnType<typeof setup>>, "flow" | "runs" | "model">): Promise<void> {
  model.script.push({ values: { qty: 2 } });
  const card = await flow.send("t", { text: "two" });
  expect(card.reply).toEqual(["Reserve 2 for 20?"]);
  const paid = await flow.send("t", { press: "go", card: card.cards[0]?.digest });
  expect(paid.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
  expect(tools(runs)).toEqual(["reserve", "pay"]);
}

describe("the two-phase run: a failure before the first write", () => {
  it("a model call that throws leaves the thread usable: the next message is understood and its writes run once", async () => {
    const { flow, runs, model } = await setup();
    model.fail = 1;
    await expect(flow.send("t", { text: "two" })).rejects.toThrow("model unreachable");
    await orderTwoAndPay({ flow, runs, model });
    expect(runs.every((r) => r.stored === "started")).toBe(true);
  });

  it("a model call that throws, then resume: the message is retried once and the thread goes on", async () => {
    const { flow, model } = await setup();
    model.fail = 1;
    await expect(flow.send("t", { text: "two" })).rejects.toThrow("model unreachable");
    model.script.push({ values: { qty: 2 } });
    const resumed = await flow.resume("t");
    expect(resumed?.reply).toEqual(["Reserve 2 for 20?"]);
    expect(await flow.resume("t")).toBeUndefined();
    expect(model.calls).toBe(2);
    expect((await flow.lastTurn("t"))?.reply).toEqual(["Reserve 2 for 20?"]);
  });

  it("a model call that throws with an eventId: the retry with that id is understood, once", async () => {
    const { flow, model } = await setup();
    model.fail = 1;
    await expect(flow.send("t", { text: "two" }, { eventId: "m1" })).rejects.toThrow("model unreachable");
    model.script.push({ values: { qty: 2 } });
    // The failed attempt's input is stored with its id and the error, but was never applied: the retry
    // applies it (it used to be answered as a repeat, with an empty reply, the message never understood).
    const retry = await flow.send("t", { text: "two" }, { eventId: "m1" });
    expect(retry.repeated).toBeUndefined();
    expect(retry.reply).toEqual(["Reserve 2 for 20?"]);
    expect(model.calls).toBe(2);
    // Applied now: the same id again is a repeat, with no model call.
    const again = await flow.send("t", { text: "two" }, { eventId: "m1" });
    expect(again.repeated).toBe(true);
    expect(model.calls).toBe(2);
    // The thread is not stuck: a new event id is applied.
    const fresh = await flow.send("t", { text: "two" }, { eventId: "m2" });
    expect(fresh.reply).toEqual(["Reserve 2 for 20?"]);
  });

  for (const how of ["fails", "hangs"] as const) {
    it(`a lookup that ${how} before the confirm: no write, the turn says so, the next message goes on`, async () => {
      const { flow, runs, model } = await setup(how === "fails" ? { quoteFails: 1 } : { quoteHangs: 1 });
      model.script.push({ values: { qty: 2 } });
      const first = await flow.send("t", { text: "two" });
      expect(first.reply.join(" ")).toContain("quote");
      expect(runs).toEqual([]);
      expect(await flow.resume("t")).toBeUndefined();
      await orderTwoAndPay({ flow, runs, model });
    });
  }
});

describe("the two-phase run: the embedder between sends", () => {
  it("a direct graph.invoke of a press (plain sync) between sends: the view and the next send see it; no write runs twice", async () => {
    const { flow, runs, model, thread } = await setup();
    model.script.push({ values: { qty: 2 } });
    const card = await flow.send(thread, { text: "two" });
    const config = { configurable: { thread_id: thread } };
    const out = (await flow.graph.getState(config)).values.out;
    await flow.graph.invoke({ input: toFlowEvent({ press: "go", card: card.cards[0]!.digest }), out, event: null, call: null }, config);
    // The embedder's own invoke ran the writes (its own durability, each started first).
    expect(tools(runs)).toEqual(["reserve", "pay"]);
    expect(runs.every((r) => r.stored === "started")).toBe(true);
    const again = await flow.send(thread, { press: "go", card: card.cards[0]?.digest });
    expect(again.reply.length).toBeGreaterThan(0);
    expect(tools(runs)).toEqual(["reserve", "pay"]);
    expect(Object.values((await flow.state(thread))!.ledger).map((e) => e.status)).toEqual(["done", "done"]);
  });

  it("two sends of the same press with the same eventId at once: applied once, the writes once", async () => {
    const { flow, runs, model, thread } = await setup();
    model.script.push({ values: { qty: 2 } });
    const card = await flow.send(thread, { text: "two" });
    const press = { press: "go", card: card.cards[0]?.digest };
    const [a, b] = await Promise.all([flow.send(thread, press, { eventId: "p" }), flow.send(thread, press, { eventId: "p" })]);
    expect([a.repeated, b.repeated].filter(Boolean)).toHaveLength(1);
    expect(tools(runs)).toEqual(["reserve", "pay"]);
    expect(a.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(b.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
  });

  it("a press with a stale card after the answer changed: refused, nothing runs; the new card's press runs once", async () => {
    const { flow, runs, model, thread } = await setup();
    model.script.push({ values: { qty: 2 } }, { values: { qty: 3 } });
    const old = await flow.send(thread, { text: "two" });
    const now = await flow.send(thread, { text: "three" });
    expect(now.reply).toEqual(["Reserve 3 for 30?"]);
    const stale = await flow.send(thread, { press: "go", card: old.cards[0]?.digest });
    expect(runs).toEqual([]);
    expect(stale.pending).toMatchObject({ kind: "confirm" });
    const paid = await flow.send(thread, { press: "go", card: now.cards[0]?.digest });
    expect(paid.reply.at(-1)).toBe("Reserved R3, 5 left, paid P-30.");
    expect(tools(runs)).toEqual(["reserve", "pay"]);
  });
});

describe("the two-phase run: several skills, a hand-off, an approval", () => {
  it("routes to a skill and runs its writes after the press, started first; lastTurn and state agree with the reply", async () => {
    const { flow, runs, model, thread } = await setup({ skills: true });
    model.script.push({ skill: "chain", values: { qty: 2 } });
    const card = await flow.send(thread, { text: "two please" });
    expect(card.reply).toEqual(["Reserve 2 for 20?"]);
    const paid = await flow.send(thread, { press: "go", card: card.cards[0]?.digest });
    expect(paid.reply.at(-1)).toBe("Reserved R2, 5 left, paid P-20.");
    expect(tools(runs)).toEqual(["reserve", "pay"]);
    expect(runs.map((r) => r.stored)).toEqual(["started", "started"]);
    expect((await flow.lastTurn(thread))?.reply).toEqual(paid.reply);
    expect(Object.values((await flow.state(thread))!.ledger).map((e) => e.status)).toEqual(["done", "done"]);
  });

  it("a hand-off runs once (started first), and nothing after it calls the model or runs a write", async () => {
    const { flow, runs, model, thread } = await setup({ skills: true });
    model.script.push({ skill: "approval-then-hand-off", values: { summary: "a person" } });
    const handed = await flow.send(thread, { text: "a person please" }, { eventId: "h1" });
    expect(handed.reply.join(" ")).toContain("A human agent will take it from here.");
    expect(tools(runs)).toEqual(["pass_to_agent"]);
    expect(runs[0]!.stored).toBe("started");
    const calls = model.calls;
    expect((await flow.send(thread, { text: "a person please" }, { eventId: "h1" })).repeated).toBe(true);
    const later = await flow.send(thread, { text: "refund W1" });
    expect(later.reply.join(" ")).toMatch(/human agent/);
    expect(model.calls).toBe(calls);
    expect(tools(runs)).toEqual(["pass_to_agent"]);
    expect(await flow.resume(thread)).toBeUndefined();
  });

  it("an approval releases the refund once, started first; the same approval retried (eventId) runs nothing", async () => {
    const { flow, runs, model, thread } = await setup({ skills: true });
    model.script.push({ skill: "approval-then-hand-off", values: { summary: "refund", order_id: "W1" } });
    const waiting = await flow.send(thread, { text: "refund W1" });
    expect(waiting.pending).toMatchObject({ kind: "approval" });
    const request = (waiting.pending as { requestId?: string }).requestId;
    const approve = { approve: "refund", by: "supervisor", request };
    const approved = await flow.send(thread, approve, { eventId: "a1" });
    expect(tools(runs)).toEqual(["refund_order"]);
    expect(runs[0]!.stored).toBe("started");
    expect((await flow.lastTurn(thread))?.tools.map((t) => t.tool)).toEqual(["refund_order"]);
    expect((await flow.send(thread, approve, { eventId: "a1" })).repeated).toBe(true);
    await flow.send(thread, approve, { eventId: "a2" });
    expect(tools(runs)).toEqual(["refund_order"]);
    // The skill ends at the refund (no say): the turn shows the write and ends the conversation.
    expect(approved.tools.map((t) => t.tool)).toEqual(["refund_order"]);
  });
});

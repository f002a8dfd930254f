import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph";
import type { ToolContext } from "@skillflow/core";
import { createFlow } from "../../src/create-flow.js";
import type { ModelPort } from "../../src/understand/model-port.js";
import type { HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { pressYesUntilAct, SHOP, toCard } from "../helpers/mini-shop.js";
import { openMemory } from "../../src/persistence/open-checkpointer.js";


/** The shop's two writes, recording every run (with the context the host passed). */
function recordingWrites() {
  const runs: Array<{ tool: string; input: Record<string, unknown>; context: ToolContext }> = [];
  const write = (name: string, output: (input: Record<string, unknown>) => unknown): HostTool => ({
    name,
    kind: "write",
    run: (input, context) => (runs.push({ tool: name, input, context }), output(input)),
  });
  const tools = {
    charge_card: write("charge_card", (i) => ({ charged: i.total, at: "now" })),
    ship_order: write("ship_order", (i) => ({ order: `${i.item_id}-${i.quantity}-X` })),
  };
  return { runs, tools };
}

describe("createFlow: a conversation through the graph", () => {
  it("runs lookups, takes picks and secrets without the model, and runs each write once after the yes", async () => {
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model, now: "2027-03-01T09:00:00Z" });

    model.script({ quantity: 2, item_id: "MUG" });
    const first = await flow.send("t1", { text: "Two mugs please" });
    expect(first.reply).toEqual(["Which item would you like?"]);
    expect(first.widgets.map((w) => w.name)).toEqual(["item_grid"]);
    expect(first.tools.map((t) => t.tool)).toEqual(["list_items"]);
    expect(first.trace).toContainEqual(expect.objectContaining({ type: "dropped", field: "item_id" }));
    expect(first.usage.modelCalls).toBe(1);

    const pick = await flow.send("t1", { pick: { item_id: "MUG" } });
    expect(pick.usage.modelCalls).toBe(0);
    expect(pick.pending).toMatchObject({ kind: "ask", field: "gift_wrap" });

    model.script({ gift_wrap: false });
    await flow.send("t1", { text: "no wrapping" });
    const pin = await flow.send("t1", { text: "4321" });
    expect(model.prompts).toHaveLength(2);
    expect(model.prompts.flatMap((p) => p.messages.map((m) => m.content)).join("\n")).not.toContain("4321");
    expect(pin.reply).toEqual(["Buy 2 x MUG for 16 EUR?"]);
    expect(JSON.stringify(pin)).not.toContain("4321");
    expect(runs).toEqual([]);

    const pay = await flow.send("t1", { press: "buy" });
    expect(runs.map((r) => r.tool)).toEqual(["charge_card", "ship_order"]);
    expect(runs[0]!.input).toEqual({ total: 16, pin: "4321" });
    expect(runs[0]!.context.now).toBe("2027-03-01T09:00:00Z");
    const state = await flow.state("t1");
    expect(runs.map((r) => r.context.idempotencyKey)).toEqual([state!.ledger["7"]!.idempotencyKey, state!.ledger["8"]!.idempotencyKey]);
    expect(state!.answers.pin!.value).toBe("[secret]");
    expect(pay.reply).toEqual(["Done. Your order MUG-2-X is on its way."]);
    expect(pay.done).toBe(true);

    const again = await flow.send("t1", { press: "buy" });
    expect(again.tools).toEqual([]);
    expect(runs).toHaveLength(2);
  });

  it("keeps a thread's state across flows sharing a checkpointer, and threads apart", async () => {
    const saver = new MemorySaver();
    const model = new ScriptedChatModel();
    const first = await createFlow({ skill: SHOP, model, store: saver });
    model.script({ quantity: 3 });
    await first.send("t2", { text: "three" });

    const { runs, tools } = recordingWrites();
    const restarted = await createFlow({ skill: SHOP, tools, model, store: saver });
    const turn = await restarted.send("t2", { pick: { item_id: "CAP" } });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "gift_wrap" });
    expect((await restarted.state("t2"))?.answers).toMatchObject({ quantity: { value: 3 }, item_id: { value: "CAP" } });
    expect(await restarted.state("other")).toBeUndefined();
    expect(runs).toEqual([]);
  });

  it("checkpoints a write's started entry before running it, and a resumed turn runs it once with that key", async () => {
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model });
    await toCard(flow, model, "t3");
    const config = await pressYesUntilAct(flow, "t3");
    let snapshot = await flow.graph.getState(config);
    while (snapshot.values.call?.kind !== "write") {
      await flow.graph.invoke(null, config);
      snapshot = await flow.graph.getState(config);
    }
    expect(snapshot.next).toEqual(["act"]);
    expect(snapshot.values.call.tool).toBe("charge_card");
    expect(snapshot.values.flow.ledger["7"]).toMatchObject({ status: "started", idempotencyKey: snapshot.values.call.key });
    expect(runs).toEqual([]);

    const resumed = await flow.resume("t3");
    expect(runs.map((r) => r.tool)).toEqual(["charge_card", "ship_order"]);
    expect(runs[0]!.context.idempotencyKey).toBe(snapshot.values.call.key);
    expect(resumed?.done).toBe(true);
    expect(await flow.resume("t3")).toBeUndefined();
  });

  it("finishes a run left unfinished after its last settled turn (here by a direct graph call) before the next event", async () => {
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model });
    await toCard(flow, model, "t6");
    // The flow's own turns settled the thread; this run, outside them, stops before the first write.
    const config = await pressYesUntilAct(flow, "t6");
    expect((await flow.graph.getState(config)).values.call?.tool).toBe("charge_card");
    expect(runs).toEqual([]);
    const turn = await flow.send("t6", { press: "buy", yes: false });
    expect(runs.map((r) => r.tool)).toEqual(["charge_card", "ship_order"]);
    expect(turn.reply).toContain("Done. Your order MUG-2-X is on its way.");
  });

  it("keeps the transcript out of the checkpoint: only the flow state and the current turn", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model });
    model.script({ quantity: 2 });
    await flow.send("t4", { text: "I would like two of something nice" });
    await flow.send("t4", { pick: { item_id: "MUG" } });
    const { values } = await flow.graph.getState({ configurable: { thread_id: "t4" } });
    expect(Object.keys(values).sort()).toEqual(["call", "event", "flow", "input", "out", "routing"]);
    expect([values.input, values.event, values.call]).toEqual([null, null, null]);
    // One skill is a list of one: always in progress, its flow id the thread id.
    expect(values.routing).toEqual({ active: "mini_shop", held: {}, runs: { mini_shop: 1 }, usage: values.flow.usage });
    expect(JSON.stringify(values)).not.toContain("two of something nice");
    expect(values.out.tools.map((t: { tool: string }) => t.tool)).toEqual(["check_stock"]);
  });

  it("accepts a model port directly and never calls it for picks or presses", async () => {
    const requests: string[] = [];
    const port: ModelPort = {
      id: "test",
      extract: async (request) => {
        requests.push(request.text);
        return { extraction: { ok: true, values: { quantity: 1 } }, usage: { inputTokens: 5, outputTokens: 1, totalTokens: 6 } };
      },
    };
    const flow = await createFlow({ skill: SHOP, model: port });
    const turn = await flow.send("t5", { text: "one" });
    await flow.send("t5", { pick: { item_id: "MUG" } });
    await flow.send("t5", { press: "buy" });
    expect(requests).toEqual(["one"]);
    expect(turn.usage).toEqual({ modelCalls: 1, inputTokens: 5, outputTokens: 1, totalTokens: 6 });
    expect((await flow.state("t5"))?.usage.modelCalls).toBe(1);
  });
});

describe("createFlow options", () => {
  it("refuses a loaded skill given without the functions of its tools", async () => {
    const { loadSkill } = await import("@skillflow/core/loader");
    const { skill, tools } = await loadSkill(SHOP);
    await expect(createFlow({ skill: skill!, model: new ScriptedChatModel() })).rejects.toThrow(/no function given for the tools list_items, check_stock/);
    const flow = await createFlow({ skill: skill!, tools, model: new ScriptedChatModel([{}]) });
    expect((await flow.send("t", { text: "hi" })).widgets.map((w) => w.name)).toEqual(["item_grid"]);
  });

  it("rejects a malformed event before touching the thread", async () => {
    const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel() });
    await expect(flow.send("t", { pick: { a: 1, b: 2 } })).rejects.toThrow(/exactly one field/);
    expect(await flow.state("t")).toBeUndefined();
  });
});

describe("createFlow: a `__proto__` key in the model's output", () => {
  it("is traced as dropped, as an unknown field, and the turn's other values still apply", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, tools: recordingWrites().tools });
    model.script(JSON.parse('{"__proto__": {"quantity": 7}, "quantity": 2}'));
    const turn = await flow.send("proto", { text: "Two mugs please" });
    expect(turn.trace).toContainEqual({ type: "dropped", field: "__proto__", reason: "unknown field" });
    expect((await flow.state("proto"))?.answers.quantity?.value).toBe(2);
  });
});

describe("createFlow: a turn whose model call threw", () => {
  /** A model port that throws on the first call and echoes the message's numbers as the quantity after. */
  function flakyModel(): ModelPort & { texts: string[] } {
    const texts: string[] = [];
    return {
      id: "flaky",
      texts,
      async extract(request) {
        texts.push(request.text);
        if (texts.length === 1) throw new Error("model unreachable");
        const quantity = Number(/\d+/.exec(request.text)?.[0]);
        return { extraction: { ok: true, values: { quantity } }, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } };
      },
    };
  }

  it("is replaced by the next event (not retried), so the person's new message is the one understood", async () => {
    const model = flakyModel();
    const flow = await createFlow({ skill: SHOP, model, tools: recordingWrites().tools });
    await expect(flow.send("flaky", { text: "2 mugs" })).rejects.toThrow("model unreachable");
    await flow.send("flaky", { text: "3 mugs" });
    expect(model.texts).toEqual(["2 mugs", "3 mugs"]);
    expect((await flow.state("flaky"))?.answers.quantity?.value).toBe(3);
  });

  it("is retried by resume", async () => {
    const model = flakyModel();
    const flow = await createFlow({ skill: SHOP, model, tools: recordingWrites().tools });
    await expect(flow.send("retry", { text: "2 mugs" })).rejects.toThrow("model unreachable");
    expect(await flow.resume("retry")).toBeDefined();
    expect(model.texts).toEqual(["2 mugs", "2 mugs"]);
    expect((await flow.state("retry"))?.answers.quantity?.value).toBe(2);
    expect(await flow.resume("retry")).toBeUndefined();
  });
});

describe("createFlow: one skill is a list of one", () => {
  it("reads a one-skill conversation stored without routing state as that skill in progress", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model });
    model.script({ quantity: 2 });
    await flow.send("old", { text: "two please" });
    const config = { configurable: { thread_id: "old" } };
    // A checkpoint as stored before one skill had routing state: no `routing` channel value.
    await flow.graph.updateState(config, { routing: null });
    expect((await flow.graph.getState(config)).values.routing).toBeNull();
    expect(await flow.conversation("old")).toMatchObject({ active: "mini_shop", usage: { modelCalls: 1 } });
    const turn = await flow.send("old", { pick: { item_id: "MUG" } });
    expect(turn.pending).toMatchObject({ kind: "ask", field: "gift_wrap" });
    expect(turn.skill).toBeUndefined();
    const state = await flow.state("old");
    expect(state).toMatchObject({ flowId: "old", answers: { quantity: { value: 2 }, item_id: { value: "MUG" } }, usage: { modelCalls: 1 } });
  });

  it("reads a thread's state from its last turn only while that turn's checkpoint is the latest: another flow's turn on the store is seen, and a caller's change to a view never reaches the next", async () => {
    const store = openMemory();
    const modelA = new ScriptedChatModel();
    const modelB = new ScriptedChatModel();
    const a = await createFlow({ skill: SHOP, model: modelA, store });
    const b = await createFlow({ skill: SHOP, model: modelB, store });
    modelA.script({ quantity: 2 });
    await a.send("shared", { text: "Two mugs please" });
    const first = await a.state("shared");
    expect(first?.answers.quantity?.value).toBe(2);
    expect(await b.state("shared")).toEqual(first);

    // A change to the view is the caller's own.
    first!.answers.quantity!.value = 99;
    expect((await a.state("shared"))?.answers.quantity?.value).toBe(2);
    const view = await a.conversation("shared");
    view!.skills.mini_shop!.answers.quantity!.value = 98;
    const turn = await a.lastTurn("shared");
    turn!.reply.push("forged");
    expect((await a.conversation("shared"))?.skills.mini_shop?.answers.quantity?.value).toBe(2);
    expect((await a.lastTurn("shared"))?.reply).not.toContain("forged");

    // The other flow (another process, in effect) moves the thread on: the first sees it.
    await b.send("shared", { pick: { item_id: "MUG" } });
    expect((await b.state("shared"))?.answers.item_id?.value).toBe("MUG");
    expect((await a.state("shared"))?.answers.item_id?.value).toBe("MUG");
    expect((await a.conversation("shared"))?.skills.mini_shop?.answers.item_id?.value).toBe("MUG");
    expect((await a.lastTurn("shared"))?.pending).toMatchObject({ kind: "ask", field: "gift_wrap" });
  });
});

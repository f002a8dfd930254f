/**
 * Budgets in a running flow (mini_shop: pick an item, quantity and gift wrap by message, a PIN, then
 * one confirm covering charge_card and ship_order). A limit stops the model call it would pass: the
 * turn ends with the sentence and a `limit` trace event, nothing of the message is applied, and the
 * model is not called. It stops nothing else: row clicks, typed secrets and presses go on, and a chain
 * of writes already confirmed runs to its end — even when the flow is restarted between two of its
 * writes with a budget already used up.
 */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { pressYesUntilAct, SHOP, statusOf, toCard } from "../helpers/mini-shop.js";

const CALLS_USED_UP = "Stopped: this conversation has used its limit of 2 model calls, so this message was not read and nothing was changed.";

describe("a conversation's budget of model calls", () => {
  it("ends the turn that would pass it with the sentence and a trace event, without calling the model", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, limits: { conversation: { modelCalls: 2 } } });
    model.script({ quantity: 2 }, { gift_wrap: false }, { quantity: 5 });
    await flow.send("t", { text: "Two mugs please" });
    await flow.send("t", { pick: { item_id: "MUG" } });
    await flow.send("t", { text: "no wrapping" });
    expect(model.prompts).toHaveLength(2);
    const pin = await flow.send("t", { text: "4321" }); // a typed secret needs no model
    expect(pin.pending?.kind).toBe("confirm");

    const over = await flow.send("t", { text: "actually make it five" });
    expect(model.prompts).toHaveLength(2);
    expect(over.reply).toEqual([CALLS_USED_UP]);
    expect(over.trace).toEqual([{ type: "limit", message: CALLS_USED_UP, budget: { limit: "conversation.modelCalls", max: 2, used: 2 } }]);
    expect(over.usage.modelCalls).toBe(0);
    expect(over.pending?.kind).toBe("confirm");
    expect((await flow.state("t"))!.answers.quantity?.value).toBe(2);
  });

  it("stops model calls only: the press that confirms the chain runs both writes", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, limits: { conversation: { modelCalls: 2 } } });
    await toCard(flow, model, "t");
    const paid = await flow.send("t", { press: "buy" });
    expect(paid.tools.map((t) => [t.tool, t.ok])).toEqual([["charge_card", true], ["ship_order", true]]);
    expect(paid.done).toBe(true);
  });
});

describe("a limit reached between two writes of one confirmed chain", () => {
  it("finishes the chain (each write once, the same key), then answers the message without the model: the flow is finished, so no limit is reached", async () => {
    const saver = new MemorySaver();
    const model = new ScriptedChatModel();
    const runs: Array<{ tool: string; key: string }> = [];
    const tools = {
      charge_card: { name: "charge_card", kind: "write" as const, run: (i: Record<string, unknown>, c: { idempotencyKey: string }) => (runs.push({ tool: "charge_card", key: c.idempotencyKey }), { charged: i.total, at: "now" }) },
      ship_order: { name: "ship_order", kind: "write" as const, run: (_: unknown, c: { idempotencyKey: string }) => (runs.push({ tool: "ship_order", key: c.idempotencyKey }), { order: "MUG-2" }) },
    };
    const before = await createFlow({ skill: SHOP, tools, model, store: saver });
    await toCard(before, model, "t");
    const config = await pressYesUntilAct(before, "t");
    await before.graph.invoke(null, config); // charge_card ran; ship_order is started, then the process stops
    expect(runs.map((r) => r.tool)).toEqual(["charge_card"]);
    const started = (await before.graph.getState(config)).values.call.key as string;

    // Restarted with a budget the conversation has already used up (2 model calls so far).
    const after = await createFlow({ skill: SHOP, tools, model, store: saver, limits: { conversation: { modelCalls: 2 } } });
    const turn = await after.send("t", { text: "is it done?" });
    expect(runs.map((r) => r.tool)).toEqual(["charge_card", "ship_order"]);
    expect(runs[1]!.key).toBe(started);
    expect(statusOf((await after.state("t"))!.ledger, "ship_order")).toBe("done");
    // The chain finished the flow before the message applied: a message to a finished flow makes no model call (issue 36).
    expect(turn.reply).toEqual(["Done. Your order MUG-2 is on its way.", "This conversation is finished; nothing more will run in it. Start a new conversation for anything else."]);
    expect(turn.trace.filter((e) => e.type === "limit")).toHaveLength(0);
    expect(model.prompts).toHaveLength(2);
  });
});

describe("token and cost limits", () => {
  it("refuses a message whose prompt alone is over the turn's tokens, before the model sees it", async () => {
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, limits: { turn: { tokens: 20 } } });
    await flow.send("t", { pick: { item_id: "MUG" } });
    const turn = await flow.send("t", { text: "Two please" });
    expect(model.prompts).toHaveLength(0);
    expect(turn.reply).toEqual(["Stopped: reading this message would take more than the 20 tokens one message may use, so it was not read and nothing was changed."]);
    expect(turn.trace[0]).toMatchObject({ type: "limit", budget: { limit: "turn.tokens", max: 20, used: 0 } });
  });

  it("prices the conversation's tokens at the model's price given in `prices`", async () => {
    const model = new ScriptedChatModel();
    // 10,000 per million tokens: one scripted call of a few hundred tokens costs a few units.
    const flow = await createFlow({ skill: SHOP, model, limits: { conversation: { cost: 1 } }, prices: { scripted: { input: 10_000, output: 10_000 } } });
    await flow.send("t", { pick: { item_id: "MUG" } });
    model.script({ quantity: 2 });
    const turn = await flow.send("t", { text: "Two please" });
    expect(model.prompts).toHaveLength(0);
    expect(turn.trace[0]).toMatchObject({ type: "limit", budget: { limit: "conversation.cost", max: 1, used: 0 } });
    expect(turn.reply[0]).toBe("Stopped: this conversation has used its limit of 1 in estimated model cost, so this message was not read and nothing was changed.");
  });

  it("createFlow refuses a cost limit for a model with no price, in one sentence", async () => {
    await expect(createFlow({ skill: SHOP, model: new ScriptedChatModel([], { id: "acme:x" }), limits: { conversation: { cost: 1 } } })).rejects.toThrow(
      'A cost limit needs the price of the model acme:x: give prices: { "acme:x": { input, output } } (per million tokens).',
    );
  });
});

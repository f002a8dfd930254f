/**
 * Attacks on the host loop's one-checkpoint-per-write chain (mini_shop: charge_card then ship_order
 * under one confirm): the store failing between the writes, a run stopped between them, two flows on
 * one bare saver pressing at once. Whatever happens, each write runs once (a re-send carries the same
 * key), and the ledger ends with both done.
 */
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { ToolContext } from "@skillflow/core";
import { createFlow } from "../../src/create-flow.js";
import type { HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { FailingOnceSaver, pressYesUntilAct, SHOP, statusOf, toCard } from "../helpers/mini-shop.js";


/** The shop's writes, recording each run's tool and key; `delayMs` makes each run take that long. */
function recordingWrites(delayMs = 0) {
  const runs: Array<{ tool: string; key: string }> = [];
  const write = (name: string, output: (i: Record<string, unknown>, c: ToolContext) => unknown): HostTool => ({
    name,
    kind: "write",
    run: async (input, context) => {
      runs.push({ tool: name, key: context.idempotencyKey });
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return output(input, context);
    },
  });
  const tools = {
    charge_card: write("charge_card", (i) => ({ charged: i.total, at: "now" })),
    ship_order: write("ship_order", (i, c) => ({ order: `${i.item_id}-${i.quantity}-${c.idempotencyKey.slice(0, 4)}` })),
  };
  return { runs, tools };
}


describe("the write chain when the store fails between two writes", () => {
  for (const next of ["send", "resume"] as const) {
    it(`runs each write once after the checkpoint holding charge_card done and ship_order started failed to store (then ${next})`, async () => {
      const saver = new FailingOnceSaver();
      const model = new ScriptedChatModel();
      const { runs, tools } = recordingWrites();
      const flow = await createFlow({ skill: SHOP, tools, model, store: saver });
      await toCard(flow, model, "t");
      saver.failWhen = (ledger) => statusOf(ledger, "charge_card") === "done" && statusOf(ledger, "ship_order") === "started";
      await expect(flow.send("t", { press: "buy" })).rejects.toThrow("disk full");
      expect(saver.failed).toBe(1);
      expect(runs.map((r) => r.tool)).toEqual(["charge_card"]);

      const after = next === "send" ? await flow.send("t", { press: "buy", yes: false }) : await flow.resume("t");
      const state = await flow.state("t");
      expect(statusOf(state!.ledger, "charge_card")).toBe("done");
      expect(statusOf(state!.ledger, "ship_order")).toBe("done");
      // The charge is never run with a second key; the shipment runs once.
      const charges = runs.filter((r) => r.tool === "charge_card");
      expect(new Set(charges.map((r) => r.key)).size).toBe(1);
      expect(runs.filter((r) => r.tool === "ship_order")).toHaveLength(1);
      expect(after?.reply.join(" ")).toContain("is on its way");
    });
  }

  it("runs each write once when the checkpoint after the last write failed to store", async () => {
    const saver = new FailingOnceSaver();
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model, store: saver });
    await toCard(flow, model, "t");
    saver.failWhen = (ledger) => statusOf(ledger, "ship_order") === "done";
    await expect(flow.send("t", { press: "buy" })).rejects.toThrow("disk full");
    await flow.send("t", { text: "hello?" });
    const state = await flow.state("t");
    expect(statusOf(state!.ledger, "ship_order")).toBe("done");
    expect(new Set(runs.filter((r) => r.tool === "ship_order").map((r) => r.key)).size).toBe(1);
    expect(runs.filter((r) => r.tool === "charge_card")).toHaveLength(1);
  });
});

describe("a run stopped between the two writes", () => {
  it("finishes the second write (started, stored with the first's done) before a new event's no applies", async () => {
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites();
    const flow = await createFlow({ skill: SHOP, tools, model });
    await toCard(flow, model, "t");
    const config = await pressYesUntilAct(flow, "t");
    await flow.graph.invoke(null, config); // the first act: charge_card runs, ship_order is started
    const stopped = await flow.graph.getState(config);
    expect(stopped.values.call?.tool).toBe("ship_order");
    expect(statusOf(stopped.values.flow.ledger, "charge_card")).toBe("done");
    expect(statusOf(stopped.values.flow.ledger, "ship_order")).toBe("started");
    expect(runs.map((r) => r.tool)).toEqual(["charge_card"]);

    const turn = await flow.send("t", { press: "buy", yes: false });
    expect(runs.map((r) => r.tool)).toEqual(["charge_card", "ship_order"]);
    expect(runs[1]!.key).toBe(stopped.values.call.key);
    expect(turn.reply).toContain(`Done. Your order MUG-2-${stopped.values.call.key.slice(0, 4)} is on its way.`);
    expect(await flow.resume("t")).toBeUndefined();
  });
});

describe("two flows on one bare saver", () => {
  it("serialize one thread's turns: two presses at once run each write once", async () => {
    const saver = new MemorySaver();
    const model = new ScriptedChatModel();
    const { runs, tools } = recordingWrites(20);
    const a = await createFlow({ skill: SHOP, tools, model, store: saver });
    const b = await createFlow({ skill: SHOP, tools, model, store: saver });
    await toCard(a, model, "t");
    await Promise.all([a.send("t", { press: "buy" }), b.send("t", { press: "buy" })]);
    expect(runs.map((r) => r.tool)).toEqual(["charge_card", "ship_order"]);
  });
});

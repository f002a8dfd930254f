/**
 * Attacks on the act node's loop (`advance-flow.ts`) with a lookup between two writes (test/red/chain:
 * quote → confirm → reserve → stock_left(reserve.ref) → pay(quote.total) → say). The lookup failing or
 * timing out, the per-event call cap landing between the writes, and a write that changes what the
 * lookup before the confirm would answer now: the first write is never run again, the second runs once
 * with the card's inputs, and the turn says what stopped it.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import type { HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const CHAIN = fileURLToPath(new URL("./chain", import.meta.url));

interface World { reserved: number; runs: Array<{ tool: string; input: Record<string, unknown>; key: string }>; stockFails: number; stockHangs: number }

/** Fakes over a small world: reserving raises the price quote answers with, so a re-run quote would differ. */
function chainTools(world: World): Record<string, HostTool> {
  const tool = (name: string, kind: "lookup" | "write", run: (i: Record<string, unknown>) => unknown): HostTool => ({
    name, kind,
    run: (input, context) => {
      world.runs.push({ tool: name, input, key: context.idempotencyKey });
      return run(input);
    },
  });
  return {
    quote: tool("quote", "lookup", (i) => ({ total: (i.qty as number) * (10 + world.reserved) })),
    reserve: tool("reserve", "write", (i) => ((world.reserved += i.qty as number), { ref: `R${i.qty}` })),
    stock_left: tool("stock_left", "lookup", () => {
      if (world.stockFails > 0) return (world.stockFails -= 1), Promise.reject(new Error("stock service down"));
      if (world.stockHangs > 0) return (world.stockHangs -= 1), new Promise(() => undefined);
      return { left: 9 - world.reserved };
    }),
    pay: tool("pay", "write", (i) => ({ receipt: `P-${i.total}` })),
  };
}

async function atCard(options: { stockFails?: number; stockHangs?: number; maxCallsPerEvent?: number } = {}) {
  const world: World = { reserved: 0, runs: [], stockFails: options.stockFails ?? 0, stockHangs: options.stockHangs ?? 0 };
  const flow = await createFlow({
    skill: CHAIN, tools: chainTools(world), model: new ScriptedChatModel([{ qty: 2 }]),
    limits: { toolTimeoutMs: 50, ...(options.maxCallsPerEvent ? { maxCallsPerEvent: options.maxCallsPerEvent } : {}) },
  });
  const card = await flow.send("t", { text: "two" });
  expect(card.reply).toEqual(["Reserve 2 for 20?"]);
  world.runs.length = 0;
  return { flow, world, card };
}

const ran = (world: World) => world.runs.map((r) => r.tool);

describe("a lookup between two writes", () => {
  it("reads the card's cached quote after the first write changed what quote would answer: pay gets the confirmed total", async () => {
    const { flow, world } = await atCard();
    const turn = await flow.send("t", { press: "go" });
    expect(ran(world)).toEqual(["reserve", "stock_left", "pay"]);
    expect(world.runs.at(-1)!.input).toEqual({ total: 20 });
    expect(turn.reply).toEqual(["Reserved R2, 7 left, paid P-20."]);
  });

  for (const how of ["fails", "hangs"] as const) {
    it(`${how}: the turn stops with the error, reserve stays done and is never run again, the next yes runs pay once`, async () => {
      const { flow, world } = await atCard(how === "fails" ? { stockFails: 1 } : { stockHangs: 1 });
      const first = await flow.send("t", { press: "go" });
      expect(ran(world)).toEqual(["reserve", "stock_left"]);
      expect(first.reply.join(" ")).toContain("stock_left");
      const state = await flow.state("t");
      expect(Object.values(state!.ledger).map((e) => [e.tool, e.status])).toEqual([["reserve", "done"]]);
      expect(await flow.resume("t")).toBeUndefined();

      const again = await flow.send("t", { press: "go" });
      expect(ran(world)).toEqual(["reserve", "stock_left", "stock_left", "pay"]);
      expect(world.runs.at(-1)!.input).toEqual({ total: 20 });
      expect(again.reply.at(-1)).toBe("Reserved R2, 7 left, paid P-20.");
      await flow.send("t", { press: "go" });
      expect(ran(world).filter((t) => t === "reserve" || t === "pay")).toEqual(["reserve", "pay"]);
    });
  }

  it("the per-event cap landing between the writes: pay is not sent (not started) and runs once on the next event", async () => {
    const { flow, world } = await atCard({ maxCallsPerEvent: 2 });
    const first = await flow.send("t", { press: "go" });
    expect(ran(world)).toEqual(["reserve", "stock_left"]);
    expect(first.reply.join(" ")).toMatch(/needed more than 2 tool calls/);
    const state = await flow.state("t");
    expect(Object.values(state!.ledger).map((e) => [e.tool, e.status])).toEqual([["reserve", "done"]]);
    expect(await flow.resume("t")).toBeUndefined();

    const next = await flow.send("t", { press: "go" });
    expect(ran(world)).toEqual(["reserve", "stock_left", "pay"]);
    expect(next.reply.at(-1)).toBe("Reserved R2, 7 left, paid P-20.");
  });
});

/**
 * Attacks on the copies a tool run takes (run-tool.ts): a tool whose output cannot be structured-cloned
 * (a function in it, as a class with a method bound on the instance or a helper would put there) and
 * that keeps and later changes the object it returned; a write that changes the inputs it was given.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { runToolCall, type HostTool } from "../../src/run-tool.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";

const SHOP = fileURLToPath(new URL("../../../../test/fixtures/proofs/mini_shop", import.meta.url));
const options = { timeoutMs: 1000, now: () => "2027-03-01T09:00:00Z" };

describe("a tool output that structuredClone refuses", () => {
  it("is still copied: the tool changing the object it returned later changes nothing recorded", async () => {
    const shared = { ok: true, refresh: () => undefined, nested: { stock: 3 } };
    const tool: HostTool = { name: "check_stock", kind: "lookup", run: () => shared };
    const call = { type: "call" as const, tool: "check_stock", kind: "lookup" as const, inputs: { item_id: "MUG" }, key: "k", instance: "1" };
    const result = await runToolCall(call, { check_stock: tool }, options);
    shared.nested.stock = 0;
    shared.ok = false;
    expect(result).toMatchObject({ ok: true, output: { ok: true, nested: { stock: 3 } } });
  });

  it("does not fail a turn whose tools all ran (the flow keeps its values to read back)", async () => {
    const shared = { ok: true, refresh: () => undefined };
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, tools: { check_stock: { name: "check_stock", kind: "lookup", run: () => shared } } });
    const turn = await flow.send("t", { pick: { item_id: "MUG" } });
    expect(turn.tools.map((t) => [t.tool, t.ok])).toEqual([["list_items", true], ["check_stock", true]]);
    shared.ok = false;
    expect((await flow.state("t"))?.answers.item_id?.value).toBe("MUG");
    expect(Object.values((await flow.state("t"))!.lookups).map((e) => e.result)).toContainEqual({ ok: true });
  });
});

describe("a write that changes the inputs it was given", () => {
  it("changes neither the ledger's inputs nor the next write's", async () => {
    const model = new ScriptedChatModel();
    const seen: Array<Record<string, unknown>> = [];
    const mangle: HostTool["run"] = (input) => {
      seen.push({ ...input });
      for (const k of Object.keys(input)) input[k] = "mangled";
      return { charged: 1, at: "now", order: "O" };
    };
    const flow = await createFlow({
      skill: SHOP, model,
      tools: { charge_card: { name: "charge_card", kind: "write", run: mangle }, ship_order: { name: "ship_order", kind: "write", run: mangle } },
    });
    model.script({ quantity: 2 });
    await flow.send("t", { text: "Two mugs please" });
    await flow.send("t", { pick: { item_id: "MUG" } });
    model.script({ gift_wrap: false });
    await flow.send("t", { text: "no wrapping" });
    await flow.send("t", { text: "4321" });
    await flow.send("t", { press: "buy" });
    expect(seen).toEqual([{ total: 16, pin: "4321" }, { item_id: "MUG", quantity: 2 }]);
    const ledger = (await flow.state("t"))!.ledger;
    expect(Object.values(ledger).map((e) => [e.tool, e.status, e.inputs])).toEqual([
      ["charge_card", "done", { total: 16, pin: "[secret]" }],
      ["ship_order", "done", { item_id: "MUG", quantity: 2 }],
    ]);
  });
});

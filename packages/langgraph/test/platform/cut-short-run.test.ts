/**
 * A run cut short between a write's `started` entry and the write — what the platform leaves when it
 * retries a run whose worker died (it runs the thread again from its last checkpoint) or when a run is
 * stopped by the `interrupt` multitask strategy and another one starts. Simulated with LangGraph's own
 * `interruptBefore: ["act"]` on a real MemorySaver; the writes are the conference trip's own, recorded.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { loadSkill } from "@skillflow/core/loader";
import type { ToolContext } from "@skillflow/core";
import { describe, expect, it } from "vitest";
import type { FlowGraphValues } from "../../src/graph/flow-graph-state.js";
import { createSkillGraph, type WaitValue } from "../../src/platform/index.js";

const TRIP = new URL("../../../../skills/conference-trip", import.meta.url).pathname;

interface Runnable { name: string; kind: "lookup" | "write" | "handoff"; run(input: Record<string, unknown>, context: ToolContext): unknown }

async function tripAtCheckout() {
  const loaded = await loadSkill(TRIP);
  const calls: Array<{ tool: string; key: string }> = [];
  const tools = Object.values(loaded.tools as Record<string, Runnable>).map((tool): Runnable => tool.kind === "lookup" ? tool : {
    name: tool.name, kind: tool.kind,
    run: (input, context) => (calls.push({ tool: tool.name, key: context.idempotencyKey }), tool.run(input, context)),
  });
  const saver = new MemorySaver();
  const graph = await createSkillGraph({ skill: loaded.skill!, tools, model: "offline", checkpointer: saver });
  const config = { configurable: { thread_id: `t-${Math.random()}` } };
  await graph.invoke({ messages: [{ role: "user", content: "Book me for the Lisbon AI Summit, 3 nights" }] }, config);
  await graph.invoke(new Command({ resume: { pick: { flight_id: "TP1350" } } }), config);
  await graph.invoke(new Command({ resume: { pick: { hotel_id: "H-BAIXA" } } }), config);
  const waiting = (await graph.getState(config)).tasks[0]!.interrupts[0]!.value as WaitValue;
  if (waiting.kind !== "confirm") throw new Error("not at the checkout");
  // The press, cut short where the first write's `started` entry is stored and the write has not run.
  await graph.invoke(new Command({ resume: { press: "pay", card: waiting.card.digest } }), { ...config, interruptBefore: ["act"] });
  const stored = async () => (await saver.getTuple(config))!.checkpoint.channel_values as unknown as FlowGraphValues;
  const cut = await stored();
  expect(cut.call?.tool).toBe("hold_flight");
  expect(Object.values(cut.flow!.ledger).map((e) => [e.tool, e.status])).toEqual([["hold_flight", "started"]]);
  expect(calls).toEqual([]);
  return { graph, config, calls, stored };
}

const ORDER = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

describe("a run cut short before a write", () => {
  it("is finished by a retry of the run from its checkpoint: every write once, and again nothing", async () => {
    const { graph, config, calls } = await tripAtCheckout();
    await graph.invoke(null, config);
    await graph.invoke(null, config);
    expect(calls.map((c) => c.tool)).toEqual(ORDER);
    expect(new Set(calls.map((c) => c.key)).size).toBe(4);
    const messages = (await graph.getState(config)).values.messages;
    expect(String(messages.at(-1)!.content)).toMatch(/^Booked\. Your reference is TRIP-/);
  }, 30_000);

  it("is finished before the next message is applied (a run that replaced it: the interrupt strategy)", async () => {
    const { graph, config, calls, stored } = await tripAtCheckout();
    await graph.invoke({ messages: [{ role: "user", content: "Actually, make it 4 nights" }] }, config);
    expect(calls.map((c) => c.tool)).toEqual(ORDER);
    const values = await stored();
    expect(values.call).toBeNull();
    expect(Object.values(values.flow!.ledger).every((e) => e.status === "done")).toBe(true);
    // The bookings first, then the message, refused since they ran: one reply says both.
    const reply = String((await graph.getState(config)).values.messages.at(-1)!.content);
    expect(reply).toMatch(/^Booked\. Your reference is TRIP-[\s\S]*nights cannot change now/);
  }, 30_000);
});

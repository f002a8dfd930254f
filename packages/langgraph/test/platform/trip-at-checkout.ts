/**
 * The conference trip as `createSkillGraph` hosts it, on a given checkpointer, with its own tools and
 * every write call recorded (tool, idempotency key), brought to the checkout and pressed with the run
 * cut short where the first write's `started` entry is stored and the write has not run — what a
 * platform retry or the `interrupt` strategy finds (LangGraph's own `interruptBefore: ["act"]`).
 */
import { Command, type BaseCheckpointSaver } from "@langchain/langgraph";
import type { ToolContext } from "@skillflow/core";
import { loadSkill } from "@skillflow/core/loader";
import type { FlowGraphValues } from "../../src/graph/flow-graph-state.js";
import { createSkillGraph, type WaitValue } from "../../src/platform/index.js";

const TRIP = new URL("../../../../skills/conference-trip", import.meta.url).pathname;

interface Runnable { name: string; kind: "lookup" | "write" | "handoff"; run(input: Record<string, unknown>, context: ToolContext): unknown }

/** The four bookings, in the order Pay runs them. */
export const ORDER = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

export async function tripAtCheckout(saver: BaseCheckpointSaver) {
  const loaded = await loadSkill(TRIP);
  const calls: Array<{ tool: string; key: string }> = [];
  const tools = Object.values(loaded.tools as Record<string, Runnable>).map((tool): Runnable => tool.kind === "lookup" ? tool : {
    name: tool.name, kind: tool.kind,
    run: (input, context) => (calls.push({ tool: tool.name, key: context.idempotencyKey }), tool.run(input, context)),
  });
  const graph = await createSkillGraph({ skill: loaded.skill!, tools, model: "offline", checkpointer: saver });
  const config = { configurable: { thread_id: `t-${Math.random()}` } };
  /** The channels as the checkpointer stores them (clients read only `messages` and `waiting`). */
  const stored = async () => (await saver.getTuple(config))!.checkpoint.channel_values as unknown as FlowGraphValues;
  await graph.invoke({ messages: [{ role: "user", content: "Book me for the Lisbon AI Summit, 3 nights" }] }, config);
  await graph.invoke(new Command({ resume: { pick: { flight_id: "TP1350" } } }), config);
  await graph.invoke(new Command({ resume: { pick: { hotel_id: "H-BAIXA" } } }), config);
  const waiting = (await graph.getState(config)).tasks[0]!.interrupts[0]!.value as WaitValue;
  if (waiting.kind !== "confirm") throw new Error("not at the checkout");
  await graph.invoke(new Command({ resume: { press: "pay", card: waiting.card.digest } }), { ...config, interruptBefore: ["act"] });
  return { graph, config, calls, stored };
}

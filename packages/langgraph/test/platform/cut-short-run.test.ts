/**
 * A run cut short between a write's `started` entry and the write — what the platform leaves when it
 * retries a run whose worker died (it runs the thread again from its last checkpoint) or when a run is
 * stopped by the `interrupt` multitask strategy and another one starts. Simulated with LangGraph's own
 * `interruptBefore: ["act"]` on a real MemorySaver; the writes are the conference trip's own, recorded.
 */
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { ORDER, tripAtCheckout as reachCheckout } from "./trip-at-checkout.js";

/** At the checkout on a MemorySaver, the press cut short before its first write. */
async function tripAtCheckout() {
  const trip = await reachCheckout(new MemorySaver());
  const cut = await trip.stored();
  expect(cut.call?.tool).toBe("hold_flight");
  expect(Object.values(cut.flow!.ledger).map((e) => [e.tool, e.status])).toEqual([["hold_flight", "started"]]);
  expect(trip.calls).toEqual([]);
  return trip;
}

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
    // The bookings first, then the message, answered as one to a finished flow (nothing more runs, and
    // no model call): one reply says both.
    const reply = String((await graph.getState(config)).values.messages.at(-1)!.content);
    expect(reply).toMatch(/^Booked\. Your reference is TRIP-[\s\S]*This conversation is finished/);
  }, 30_000);

  it("is finished by a retried message too, which is not applied again", async () => {
    const { graph, config, calls, stored } = await tripAtCheckout();
    const first = (await graph.getState(config)).values.messages.find((m) => m.getType() === "human")!;
    await graph.invoke({ messages: [{ role: "user", content: String(first.content), id: first.id }] }, config);
    expect(calls.map((c) => c.tool)).toEqual(ORDER);
    expect((await stored()).flow!.turn).toBe(4);
    expect(String((await graph.getState(config)).values.messages.at(-1)!.content)).toMatch(/^Booked\. Your reference is TRIP-/);
  }, 30_000);
});

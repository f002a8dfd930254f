/**
 * Promise 1, "same steps, every time", through the LangGraph host: given the same answers and tool
 * results, a conversation takes the same path and calls the same tools in the same order — in a fresh
 * flow with freshly loaded tools, not only within one `step` call (the core's determinism tests).
 */
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@skillflow/core";
import type { TurnResult } from "@skillflow/langgraph";
import { driveProof, toolNames, type Driven } from "./drive-proof.js";

const STORY = "proofs/conference-trip/reference-story.proof.yaml";
const BOOKINGS = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

/** A turn's outward view without timings (the only thing allowed to differ between runs). */
function view(result: TurnResult): unknown {
  const trace = result.trace.map((e) => ("durationMs" in e ? { ...e, durationMs: 0 } : e));
  const tools = result.tools.map((t) => ({ ...t, durationMs: 0 }));
  return { ...result, trace, tools };
}

/** The steps the replay evaluated on a turn, with their outcomes. */
function steps(trace: TraceEvent[]): string[] {
  return trace.flatMap((e) => (e.type === "step" ? [`${e.stepId} ${e.kind} ${e.outcome}`] : []));
}

function keys(driven: Driven): Promise<string[]> {
  return driven.flow.state(driven.thread).then((s) => Object.values(s!.ledger).map((e) => `${e.tool} ${e.idempotencyKey}`));
}

describe("the same conversation, run again", () => {
  it("shows the same replies, cards, widgets and trace, runs the same tools in the same order, with the same keys", async () => {
    const first = await driveProof(STORY, "same-thread");
    const second = await driveProof(STORY, "same-thread");
    expect(first.turns.length).toBeGreaterThan(8);
    expect(first.turns.flatMap(toolNames)).toEqual(expect.arrayContaining(BOOKINGS));
    expect(second.turns.map((t) => view(t.result))).toEqual(first.turns.map((t) => view(t.result)));
    expect(await second.flow.state(second.thread)).toEqual(await first.flow.state(first.thread));
    expect(await keys(second)).toEqual(await keys(first));
  });

  it("in another conversation takes the same steps and tools; only the idempotency keys are its own", async () => {
    const first = await driveProof(STORY, "conversation-a");
    const other = await driveProof(STORY, "conversation-b");
    expect(other.turns.map(toolNames)).toEqual(first.turns.map(toolNames));
    expect(other.turns.map((t) => steps(t.result.trace))).toEqual(first.turns.map((t) => steps(t.result.trace)));
    const [a, b] = [await keys(first), await keys(other)];
    expect(b.map((k) => k.split(" ")[0])).toEqual(a.map((k) => k.split(" ")[0]));
    expect(b.filter((k) => a.includes(k))).toEqual([]);
  });

  it("runs the four bookings once each, in the order of the file, after the one yes", async () => {
    const story = await driveProof(STORY, "order");
    const writes = story.turns.map((t) => t.result.tools.filter((r) => r.kind === "write").map((r) => r.tool));
    const pay = story.turns.findIndex((t) => t.turn.kind === "press");
    expect(writes.filter((w) => w.length > 0)).toEqual([BOOKINGS]);
    expect(writes[pay]).toEqual(BOOKINGS);
    expect(story.turns.slice(pay + 1).flatMap(toolNames)).toEqual([]);
  });
});

/**
 * Issue 3, point 10: every turn yields structured trace events — steps evaluated, fields set with
 * provenance, dropped, refused, tools called with input digests, tool results with durations, confirm
 * shown/given/voided (approvals are traced in approvals.test.ts).
 */
import { describe, expect, it } from "vitest";
import { digestOf } from "../../src/runtime/digest.js";
import type { TraceEvent } from "../../src/runtime/types.js";
import { tripHost } from "./trip-fixture.js";

const ofType = <K extends TraceEvent["type"]>(trace: TraceEvent[], type: K) =>
  trace.filter((e): e is Extract<TraceEvent, { type: K }> => e.type === type);

describe("the trace of a conversation", () => {
  const host = tripHost();
  const t1 = host.text("Lisbon, 3 nights, coach", { conference: "Lisbon AI Summit", nights: 3, cabin: "coach", pay: true });
  const t2 = host.pick("flight_id", "TP2");
  const t3 = host.pick("flight_id", "TP1");
  const t4 = host.text("2 nights", { nights: 2 });
  const t5 = host.press("pay");

  it("opens each step call with the event and its turn", () => {
    expect(t1.trace[0]).toEqual({ type: "event", event: "text", turn: 1 });
    expect(t2.trace[0]).toEqual({ type: "event", event: "pick", turn: 2 });
    expect(t1.trace.filter((e) => e.type === "event").map((e) => e.type === "event" && e.event)).toContain("tool_result");
  });

  it("records fields set with their provenance and normal form", () => {
    expect(ofType(t1.trace, "field_set")).toContainEqual({ type: "field_set", field: "cabin", key: "cabin", by: "model", value: "economy" });
    expect(ofType(t3.trace, "field_set")).toEqual([{ type: "field_set", field: "flight_id", key: "flight_id", by: "widget", value: "TP1" }]);
  });

  it("records dropped and refused values with reasons and messages", () => {
    expect(ofType(t1.trace, "dropped")).toEqual([{ type: "dropped", field: "pay", reason: "confirmation: only the person's yes on the card counts" }]);
    expect(ofType(t2.trace, "refused")).toEqual([{ type: "refused", field: "flight_id", message: "That flight lands after 8 pm. Pick an earlier one." }]);
  });

  it("records each tool call with its input digest and key, and each result with its duration", () => {
    const called = ofType(t1.trace, "tool_called");
    expect(called.map((e) => e.tool)).toEqual(["find_conference", "search_flights"]);
    expect(called[0]).toEqual({
      type: "tool_called", tool: "find_conference", kind: "lookup",
      inputsDigest: digestOf({ conference: "Lisbon AI Summit" }), key: `find_conference:${digestOf({ conference: "Lisbon AI Summit" })}`,
    });
    expect(ofType(t1.trace, "tool_result")).toEqual([
      { type: "tool_result", tool: "find_conference", ok: true, durationMs: 3, error: undefined },
      { type: "tool_result", tool: "search_flights", ok: true, durationMs: 3, error: undefined },
    ]);
  });

  it("records the steps evaluated with their outcome", () => {
    const steps = ofType(t3.trace, "step");
    expect(steps).toContainEqual({ type: "step", stepId: "5", kind: "ask", outcome: "answered" });
    expect(steps).toContainEqual({ type: "step", stepId: "7", kind: "when", outcome: "false" });
    expect(steps).toContainEqual({ type: "step", stepId: "8", kind: "confirm", outcome: "shown" });
    expect(ofType(t1.trace, "said")).toEqual([{ type: "said", text: "Let's get you to Lisbon AI Summit in Lisbon." }]);
  });

  it("records confirm shown, voided and given with digests", () => {
    const shown = ofType(t3.trace, "confirm_shown");
    expect(shown.length).toBe(1);
    const reshown = ofType(t4.trace, "confirm_shown");
    expect(reshown.length).toBe(1);
    expect(reshown[0].digest).not.toBe(shown[0].digest);
    expect(ofType(t5.trace, "confirm_given")).toEqual([{ type: "confirm_given", confirm: "pay", yes: true, digest: reshown[0].digest }]);
    expect(ofType(t5.trace, "tool_called").map((e) => e.tool)).toEqual(["hold_flight", "hold_hotel", "reserve_cab", "take_payment"]);
  });
});

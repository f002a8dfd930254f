import { describe, expect, it } from "vitest";
import { FlowInputError, toFlowEvent } from "../../src/to-flow-event.js";

describe("toFlowEvent: approvals", () => {
  it("passes a request id through, and leaves it out when none is given", () => {
    expect(toFlowEvent({ approve: "ok", by: "manager", request: "ok#12ab" })).toEqual({
      type: "approve", confirm: "ok", by: "manager", yes: true, request: "ok#12ab",
    });
    expect(toFlowEvent({ approve: "ok", by: "manager", yes: false })).toEqual({ type: "approve", confirm: "ok", by: "manager", yes: false });
  });

  it("refuses a request that is not a text", () => {
    expect(() => toFlowEvent({ approve: "ok", by: "manager", request: 5 } as never)).toThrow(FlowInputError);
  });
});

describe("toFlowEvent: opening a skill", () => {
  it("names the skill to open; an empty name is not an event", () => {
    expect(toFlowEvent({ open: "order-refund" })).toEqual({ type: "open", skill: "order-refund" });
    expect(() => toFlowEvent({ open: "" })).toThrow(FlowInputError);
  });
});

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

describe("toFlowEvent: a decide's option (issue 38 C)", () => {
  it("a press and an approval carry the option chosen; without one they carry none", () => {
    expect(toFlowEvent({ press: "escalation", option: "send_back" })).toEqual({ type: "press", confirm: "escalation", yes: true, option: "send_back" });
    expect(toFlowEvent({ approve: "escalation", by: "lead", option: "stop", request: "r#1" })).toEqual({
      type: "approve", confirm: "escalation", by: "lead", yes: true, request: "r#1", option: "stop",
    });
    expect(toFlowEvent({ press: "pay" })).toEqual({ type: "press", confirm: "pay", yes: true });
  });

  it("refuses an option that is not a text", () => {
    expect(() => toFlowEvent({ press: "escalation", option: 2 } as never)).toThrow(FlowInputError);
    expect(() => toFlowEvent({ approve: "escalation", by: "lead", option: "" })).toThrow(FlowInputError);
  });
});

/**
 * `understandingContext`: what the host sends the model on a free-text turn — model-settable fields in
 * scope (never secrets, picks or confirmations), the pending question, whether a secret is pending.
 */
import { describe, expect, it } from "vitest";
import { initialState } from "../../src/runtime/initial-state.js";
import { understandingContext } from "../../src/runtime/understanding-context.js";
import { toCheckout, tripHost, tripSkill } from "./trip-fixture.js";

describe("understandingContext", () => {
  it("lists only fields the model may set, with shape, question and description", () => {
    const host = tripHost();
    host.text("hi", {});
    const context = understandingContext(host.skill, host.state);
    expect(context.fields.map((f) => f.name)).toEqual(["conference", "nights", "cabin"]);
    expect(context.fields[1]).toEqual({
      name: "nights", shape: { kind: "number", min: 1, max: 14 }, question: "How many nights?", description: "nights at the hotel",
    });
    expect(context.fields[2].synonyms).toEqual({ economy: ["coach", "standard"] });
    expect(context.pending).toEqual({ field: "conference", question: "Which conference are you going to?" });
    expect(context.secretPending).toBe(false);
    expect(context.chat).toBeUndefined();
  });

  it("works on a fresh state and runs no tool", () => {
    const context = understandingContext(tripSkill(), initialState("x"));
    expect(context.pending?.field).toBe("conference");
  });

  it("a pending pick is the pending question, but not a field the model may fill", () => {
    const host = tripHost();
    host.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    const context = understandingContext(host.skill, host.state);
    expect(context.pending).toEqual({ field: "flight_id", question: "Which flight?" });
    expect(context.fields.map((f) => f.name)).not.toContain("flight_id");
  });

  it("reports a pending secret so the host skips the model", () => {
    const host = tripHost();
    toCheckout(host, 4);
    const context = understandingContext(host.skill, host.state);
    expect(context.secretPending).toBe(true);
    expect(context.pending?.field).toBe("approval_code");
    expect(context.fields.map((f) => f.name)).not.toContain("approval_code");
  });

  it("does not change the state it is given", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const before = structuredClone(host.state);
    understandingContext(host.skill, host.state);
    expect(host.state).toEqual(before);
  });
});

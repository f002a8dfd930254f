/**
 * Issue 3, point 1 (replay, no cursor) and point 5 (lookups cached by inputs, re-run on change).
 */
import { describe, expect, it } from "vitest";
import { step } from "../../src/runtime/step.js";
import { asked, cards, says, tools } from "./host.js";
import { toCheckout, tripHost } from "./trip-fixture.js";

describe("replay without a cursor", () => {
  it("a correction at the checkout re-prices the trip and switches the approval branch on", () => {
    const host = tripHost();
    toCheckout(host, 3);
    expect(host.state.pending?.kind).toBe("confirm");
    const turn = host.text("actually, make it 4 nights", { nights: 4 });
    expect(tools(turn)).toEqual(["quote_trip"]);
    expect(asked(turn)).toBe("approval_code");
    expect(cards(turn)).toEqual([]);
    expect(turn.trace).toContainEqual({ type: "step", stepId: "7", kind: "when", outcome: "true" });
  });

  it("correcting back switches the branch off again and shows the card, from the cache", () => {
    const host = tripHost();
    toCheckout(host, 3);
    host.text("4 nights", { nights: 4 });
    // A secret is pending now, so free text would not reach the model: the correction comes from a widget.
    const turn = host.pick("nights", 3);
    expect(tools(turn)).toEqual([]);
    expect(cards(turn).map((c) => c.question)).toEqual(["Pay 900 EUR?"]);
    expect(turn.trace).toContainEqual({ type: "step", stepId: "7", kind: "when", outcome: "false" });
  });

  it("a changed conference re-runs every lookup that reads it and refuses a pick that is no longer valid", () => {
    const host = tripHost({
      search_flights: ({ conference }) => ({
        flights: String(conference).includes("Porto") ? [{ id: "PO9", lands: "17:00" }] : [{ id: "TP1", lands: "18:05" }],
      }),
      find_conference: ({ conference }) => ({ known: true, name: String(conference), city: "X" }),
      check_arrival: () => ({ ok: true }),
    });
    toCheckout(host, 3);
    const turn = host.text("I meant the Porto summit", { conference: "Porto Summit" });
    expect(tools(turn)).toEqual(["find_conference", "search_flights"]);
    expect(asked(turn)).toBe("flight_id");
    expect(host.state.answers.flight_id).toBeUndefined();
  });

  it("the same state and event always give the same result", () => {
    const host = tripHost();
    toCheckout(host, 3);
    const event = { type: "text" as const, text: "4 nights", extraction: { ok: true as const, values: { nights: 4 } } };
    const a = step(host.skill, host.state, event);
    const b = step(host.skill, host.state, event);
    expect(a).toEqual(b);
    expect(host.state.answers.nights.value).toBe(3);
  });

  it("every replay emits at most one tool call", () => {
    const host = tripHost();
    const turn = host.text("Lisbon, 3 nights, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    expect(turn.results.length).toBe(3);
    for (const result of turn.results) expect(result.effects.filter((e) => e.type === "call").length).toBeLessThanOrEqual(1);
  });
});

describe("lookups", () => {
  it("run when a step needs their result, including a template hole (no `do:` step)", () => {
    const host = tripHost();
    const turn = host.text("Lisbon", { conference: "Lisbon AI Summit" });
    expect(tools(turn)).toEqual(["find_conference"]);
    expect(says(turn)).toEqual(["Let's get you to Lisbon AI Summit in Lisbon."]);
  });

  it("are cached by their inputs: later events do not run them again", () => {
    const host = tripHost();
    host.text("Lisbon", { conference: "Lisbon AI Summit" });
    host.text("3", { nights: 3 });
    host.text("economy", { cabin: "economy" });
    const finds = host.runs.filter((r) => r.tool === "find_conference");
    expect(finds.length).toBe(1);
  });

  it("re-run when an input changes, and reuse the earlier result when it changes back", () => {
    const host = tripHost();
    toCheckout(host, 3);
    host.text("4", { nights: 4 });
    host.pick("nights", 3);
    const quotes = host.runs.filter((r) => r.tool === "quote_trip").map((r) => r.inputs.nights);
    expect(quotes).toEqual([3, 4]);
  });

  it("a failed lookup is reported and retried on the next person event", () => {
    let fail = true;
    const host = tripHost({
      search_flights: () => {
        if (fail) throw new Error("flight search is down");
        return { flights: [{ id: "TP1", lands: "18:05" }] };
      },
    });
    const first = host.text("Lisbon, 3, economy", { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" });
    expect(first.effects).toContainEqual({ type: "error", message: "Could not get search_flights: flight search is down" });
    fail = false;
    const second = host.text("try again", {});
    expect(tools(second)).toEqual(["search_flights"]);
    expect(asked(second)).toBe("flight_id");
  });
});

/**
 * Property tests (fast-check) over random event sequences on the trip skill: random model proposals
 * (overreaching ones included), picks, presses, typed secrets, malformed output and failing writes.
 * Whatever happens: no write runs without a yes bound to a card listing it with exactly its inputs; no
 * write completes twice; a user-only value never comes from the model; the step is deterministic.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { step } from "../../src/runtime/step.js";
import { canonicalJson } from "../../src/runtime/digest.js";
import type { Card, FlowEvent, StepResult } from "../../src/runtime/types.js";
import { Host, type Fake } from "./host.js";
import { tripFakes, tripSkill } from "./trip-fixture.js";

const proposal = fc.record(
  {
    conference: fc.constantFrom("Lisbon AI Summit", "Atlantis Expo"),
    nights: fc.constantFrom(1, 2, 3, 4, 5, 40, "3"),
    cabin: fc.constantFrom("economy", "premium", "coach", "business"),
    approval_code: fc.constantFrom("AB-123456", "VP-000001"),
    flight_id: fc.constantFrom("TP1", "TP2"),
    pay: fc.constant(true),
  },
  { requiredKeys: [] },
);

const CHECKOUT: FlowEvent[] = [
  { type: "text", text: "…", extraction: { ok: true, values: { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" } } },
  { type: "pick", field: "flight_id", value: "TP1" },
];

const event: fc.Arbitrary<FlowEvent> = fc.oneof(
  { arbitrary: proposal.map((values): FlowEvent => ({ type: "text", text: "…", extraction: { ok: true, values } })), weight: 3 },
  fc.constantFrom("AB-123456", "ZZ-000000", "hello").map((text): FlowEvent => ({ type: "text", text })),
  fc.constant<FlowEvent>({ type: "text", text: "?", extraction: { ok: false, raw: "{", error: "bad" } }),
  fc.constantFrom("TP1", "TP2", "XX9").map((value): FlowEvent => ({ type: "pick", field: "flight_id", value })),
  fc.constantFrom(2, 3, 4).map((value): FlowEvent => ({ type: "pick", field: "nights", value })),
  { arbitrary: fc.constant<FlowEvent>({ type: "press", confirm: "pay", yes: true }), weight: 3 },
  fc.constant<FlowEvent>({ type: "press", confirm: "pay", yes: false }),
);

/** An event, and whether the host crashes right after the first replay (its tool call never runs). */
type Step = [FlowEvent, boolean];
const crashes = fc.integer({ min: 0, max: 4 }).map((n) => n === 0);

/** Random events, half the time after reaching the checkout (so writes are exercised, not skipped). */
const events = fc.tuple(fc.boolean(), fc.array(fc.tuple(event, crashes), { minLength: 1, maxLength: 14 }))
  .map(([atCheckout, rest]): Step[] => (atCheckout ? [...CHECKOUT.map((e): Step => [e, false]), ...rest] : rest));

const USER_ONLY = ["approval_code", "flight_id"];
const WRITES = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];

/** How many generated sequences reached a completed write (the property must not pass vacuously). */
const coverage = { sequencesWithWrites: 0 };

function runSequence(events: Step[], failures: boolean[]): void {
  const done = new Map<string, number>();
  const counted = (tool: string, fake: Fake, fails?: boolean[]): Fake => {
    let n = 0;
    return (inputs, key) => {
      if (fails?.[n++ % fails.length]) throw new Error("flaky");
      done.set(tool, (done.get(tool) ?? 0) + 1);
      return fake(inputs, key);
    };
  };
  const fakes = tripFakes();
  for (const tool of WRITES) fakes[tool] = counted(tool, fakes[tool], tool === "reserve_cab" ? failures : undefined);
  const host = new Host(tripSkill(), fakes);
  const cardsByDigest = new Map<string, Card>();
  for (const [e, crash] of events) {
    const results = crash ? [step(host.skill, host.state, e)] : host.send(e).results;
    if (crash) host.state = results[0].state;
    for (const result of results) checkWriteGate(result, cardsByDigest);
    for (const [key, answer] of Object.entries(host.state.answers)) {
      if (USER_ONLY.includes(key.split("@")[0])) expect(answer.by).not.toBe("model");
    }
  }
  for (const [tool, count] of done) expect(count, `${tool} completed twice`).toBe(1);
  if (done.size > 0) coverage.sequencesWithWrites += 1;
}

/** Every write call is listed, with exactly its inputs, on a card whose digest a yes in the state answered. */
function checkWriteGate(result: StepResult, cardsByDigest: Map<string, Card>): void {
  for (const effect of result.effects) {
    if (effect.type === "confirm") cardsByDigest.set(effect.card.digest, effect.card);
    if (effect.type !== "call" || effect.kind !== "write") continue;
    const yes = Object.values(result.state.confirmations).filter((c) => c.answer === "yes" && c.by === "user");
    const covered = yes.some((c) => cardsByDigest.get(c.digest)?.writes.some(
      (w) => w.instance === effect.instance && canonicalJson(w.inputs) === canonicalJson(effect.inputs),
    ));
    expect(covered, `write ${effect.tool} ran without a matching yes`).toBe(true);
  }
}

describe("runtime properties", () => {
  it("no write without a matching yes, none twice, no user-only value from the model", () => {
    fc.assert(
      fc.property(events, fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), runSequence),
      { numRuns: 150 },
    );
    expect(coverage.sequencesWithWrites).toBeGreaterThan(10);
  });

  it("the same state and event give the same result", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), event, (history, last) => {
        const host = new Host(tripSkill(), tripFakes());
        for (const e of history) host.send(e);
        expect(step(host.skill, host.state, last)).toEqual(step(host.skill, host.state, last));
      }),
      { numRuns: 60 },
    );
  });
});

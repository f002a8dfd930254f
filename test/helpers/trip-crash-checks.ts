/**
 * What must hold after a conference-trip Pay turn was killed and the conversation restarted: every one
 * of the four confirmed writes took effect exactly once (one key per write, one effect per key, the key
 * the ledger recorded), the ledger holds them all `done` with the results the tools returned, the
 * answers are the traveller's, and the flow ended as it does without a crash ("Booked. …").
 */
import { expect } from "vitest";
import type { FlowState } from "@skillflow/core";
import { readEffects, summarize } from "../fixtures/durable/read-output.js";
import { TRIP_PRESET } from "../fixtures/durable/trip-conversation.js";
import { TRIP_WRITES } from "../fixtures/durable/trip-tools.js";

export function expectTripFinishedOnce(log: string, state: FlowState | undefined, label: string): string {
  expect(state, label).toBeDefined();
  const tools = summarize(readEffects(log));
  for (const tool of TRIP_WRITES) {
    expect(tools[tool]?.effects, `${label}: ${tool} effects`).toBe(1);
    expect(new Set(tools[tool]?.callKeys).size, `${label}: ${tool} keys`).toBe(1);
  }
  const ledger = Object.values(state!.ledger);
  expect(ledger.map((e) => [e.tool, e.status]), label).toEqual(TRIP_WRITES.map((t) => [t, "done"]));
  const effects = readEffects(log).filter((l) => l.kind === "effect");
  for (const entry of ledger) expect(effects.find((e) => e.key === entry.idempotencyKey)?.result, label).toEqual(entry.result);
  const answers = Object.fromEntries(Object.entries(state!.answers).map(([k, a]) => [k, a.value]));
  expect(answers, label).toMatchObject(TRIP_PRESET);
  expect(state!.pending, label).toEqual({ kind: "done" });
  const payment = ledger.find((e) => e.tool === "take_payment")!.result as { reference: string };
  return `Booked. Your reference is ${payment.reference}.`;
}

/** A press that never reached the store confirmed nothing: no write ran, none is in the ledger. */
export function expectNothingBooked(log: string, state: FlowState | undefined, label: string): void {
  expect(summarize(readEffects(log)), label).toEqual({});
  expect(Object.values(state?.ledger ?? {}), label).toEqual([]);
  expect(state?.pending?.kind, label).not.toBe("done");
}

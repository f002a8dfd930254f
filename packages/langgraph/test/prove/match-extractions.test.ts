/** The per-field tally of a real model's extraction against the scripted one. */
import { describe, expect, it } from "vitest";
import { matchExtractions } from "../../src/prove/match-extractions.js";
import type { CassetteCall } from "../../src/prove/proof-cassette.js";
import type { ProofTurn } from "../../src/prove/proof-types.js";

const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
const turn = (index: number, script?: ProofTurn["script"]) => ({ index, script }) as ProofTurn;
const call = (t: number, reply: Partial<CassetteCall["reply"]>): CassetteCall =>
  ({ turn: t, request: { system: "", user: "" }, reply: { extraction: { ok: true, values: {} }, usage, ...reply } });

describe("matchExtractions", () => {
  it("counts each field either side proposed once per turn; a dropped value or a malformed reply matches nothing", () => {
    const turns = [
      turn(1, { conference: "Lisbon AI Summit", nights: 3, reply: "Sure" }),
      turn(2, { nights: 4 }),
      turn(3, "not json"),
      turn(4, { skill: "order-refund", intent: "switch" }),
      turn(5, { nights: 5 }),
    ];
    const calls = [
      call(1, { extraction: { ok: true, values: { conference: "Lisbon AI Summit", nights: 3, cabin: "economy" }, reply: "Sure thing" } }),
      call(2, { extraction: { ok: true, values: {} }, dropped: [{ field: "nights", reason: "invalid: expected number" }] }),
      call(3, { extraction: { ok: false, raw: "x", error: "no values" } }),
      call(4, { skill: "order-refund" }),
      call(5, { extraction: { ok: false, raw: "x", error: "no values" } }),
    ];
    expect(matchExtractions(turns, calls)).toEqual([
      { field: "conference", matched: 1, total: 1 },
      { field: "nights", matched: 1, total: 3 },
      { field: "cabin", matched: 0, total: 1 },
      { field: "skill", matched: 1, total: 1 },
      { field: "intent", matched: 0, total: 1 },
    ]);
  });
});

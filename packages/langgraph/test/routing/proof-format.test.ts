/** The proof format's routing forms: `skills:`, `active:`, and a scripted model carrying skill and intent. */
import { describe, expect, it } from "vitest";
import { checkExpectations } from "../../src/prove/check-expectations.js";
import { parseProof } from "../../src/prove/parse-proof.js";
import { ProofError } from "../../src/prove/proof-types.js";
import type { TurnResult } from "../../src/render/render-turn.js";

const parse = (text: string) => parseProof(text, "p.proof.yaml", "/proofs/routing");

function errorOf(text: string): string {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ProofError) return error.message;
    throw error;
  }
  throw new Error("expected a ProofError");
}

describe("proof format: several skills", () => {
  it("reads `skills:` relative to the proof, `active:` and a model with skill and intent", () => {
    const proof = parse(`
skills: [../../skills/trip, ../../skills/refund]
turns:
  - user: "a refund instead"
    model: { intent: switch, skill: refund, email: "m@example.com" }
    expect: { active: refund, model_calls: 1 }
  - user: "never mind"
    model: { intent: cancel }
    expect: { active: none }
  - user: "hello"
    model: {}
    expect: { active: ~ }
`);
    expect(proof.skills).toEqual(["/skills/trip", "/skills/refund"]);
    expect(proof.skill).toBe("/skills/trip");
    expect(proof.turns.map((t) => t.expect.active)).toEqual(["refund", null, null]);
    expect(proof.turns[0]!.script).toEqual({ intent: "switch", skill: "refund", email: "m@example.com" });
  });

  it("rejects `skill:` with `skills:`, an empty list, and fixture answers with several skills", () => {
    expect(errorOf("skill: a\nskills: [b]\nturns: [{ user: x }]")).toMatch(/^p\.proof\.yaml:2:1: A proof has `skill:` or `skills:`, not both\./);
    expect(errorOf("skills: []\nturns: [{ user: x }]")).toMatch(/`skills:` is a list of skill folders/);
    expect(errorOf("skills: [a, b]\nfixtures: { answers: { x: 1 } }\nturns: [{ user: x }]")).toMatch(/`answers:` needs a single `skill:`/);
  });

  it("checks `active:` against the skill in progress after the turn", () => {
    const result: TurnResult = {
      reply: [], widgets: [], cards: [], trace: [], tools: [], done: false,
      usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    };
    const check = (active: string | null, seen: string | null) =>
      checkExpectations({ active }, ["active"], { result, answers: {}, active: seen })[0]!;
    expect(check("refund", "refund").ok).toBe(true);
    expect(check("refund", "trip")).toMatchObject({ ok: false, expected: "refund", seen: "trip" });
    expect(check(null, null).ok).toBe(true);
    expect(check(null, "trip")).toMatchObject({ ok: false, expected: "none", seen: "trip" });
  });
});

import { describe, expect, it } from "vitest";
import { parseProof } from "../../src/prove/parse-proof.js";
import { ProofError } from "../../src/prove/proof-types.js";

const parse = (text: string) => parseProof(text, "p.proof.yaml", "/proofs/trip");

function errorOf(text: string): ProofError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ProofError) return error;
    throw error;
  }
  throw new Error("expected a ProofError");
}

describe("parseProof", () => {
  it("reads the skill relative to the proof, the fixtures, and every turn kind", () => {
    const proof = parse(`
skill: ../../skills/trip
title: All kinds
fixtures: { answers: { cabin: economy }, now: "2027-03-01T09:00:00Z", fail: { reserve_cab: 1 } }
turns:
  - user: "3 nights"
    model: { nights: 3 }
    expect: { asks: flight_id, called: search_flights }
  - user: "garbled"
    model_raw: "nights = three??"
  - user: "Which lands first?"
    reply: "TP1350 lands at 9:40."
  - pick: { flight_id: TP1350 }
  - press: pay
  - press: { pay: no }
  - approve: { approval: yes, by: manager }
`);
    expect(proof.skill).toBe("/skills/trip");
    expect(proof.title).toBe("All kinds");
    expect(proof.fixtures).toEqual({ answers: { cabin: "economy" }, now: "2027-03-01T09:00:00Z", fail: { reserve_cab: 1 } });
    expect(proof.turns.map((t) => [t.kind, t.input, t.script])).toEqual([
      ["user", { text: "3 nights" }, { nights: 3 }],
      ["user", { text: "garbled" }, "nights = three??"],
      ["user", { text: "Which lands first?" }, { reply: "TP1350 lands at 9:40." }],
      ["pick", { pick: { flight_id: "TP1350" } }, undefined],
      ["press", { press: "pay", yes: true }, undefined],
      ["press", { press: "pay", yes: false }, undefined],
      ["approve", { approve: "approval", by: "manager", yes: true }, undefined],
    ]);
    expect(proof.turns[0]!.expect).toEqual({ asks: "flight_id", called: ["search_flights"] });
    expect(proof.turns[0]!.order).toEqual(["asks", "called"]);
    expect(proof.turns[0]!.line).toBe(6);
    expect(proof.turns.map((t) => t.label)).toEqual([
      'user "3 nights"', 'user "garbled"', 'user "Which lands first?"', "pick flight_id", "press pay", "press pay: no",
      "approve approval by manager",
    ]);
  });

  it.each([
    ["turns:\n  - user: hi\n", 1, 1, /Add `skill:`/],
    ["skill: x\nturns: []\n", 2, 8, /Add `turns:`/],
    ["skill: x\nturn: 1\nturns:\n  - user: hi\n", 2, 1, /Unknown proof key `turn`\. Did you mean `turns`\?/],
    ["skill: x\nturns:\n  - user: hi\n    pick: { a: 1 }\n", 3, 5, /exactly one of/],
    ["skill: x\nturns:\n  - press: pay\n    model: { a: 1 }\n", 4, 5, /Unknown `press` turn key `model`/],
    ["skill: x\nturns:\n  - user: hi\n    model: { a: 1 }\n    model_raw: x\n", 5, 5, /`model:` or `model_raw:`, not both/],
    ["skill: x\nturns:\n  - press: { pay: maybe }\n", 3, 19, /Use `yes` or `no`/],
    ["skill: x\nturns:\n  - approve: { approval: yes }\n", 3, 14, /names a confirm and a role/],
    ["skill: x\nturns:\n  - user: hi\n    expect: { model_calls: -1 }\n", 4, 28, /whole number/],
    ["skill: x\nfixtures: { fail: { cab: once } }\nturns:\n  - user: hi\n", 2, 26, /whole number of calls/],
    ["skill: x\nfixtures: { now: yesterday }\nturns:\n  - user: hi\n", 2, 18, /ISO 8601/],
    ["skill: x\nfixtures: { limits: { conversaton: { model_calls: 1 } } }\nturns:\n  - user: hi\n", 2, 23, /Unknown limits scope key `conversaton`\. Did you mean `conversation`\?/],
    ["skill: x\nfixtures: { limits: { turn: { model_calls: 1.5 } } }\nturns:\n  - user: hi\n", 2, 44, /whole number from 0/],
    ["skill: x\nturns:\n  - user: hi\n    expect: { says: \"/Which (/\" }\n", 4, 21, /not a valid regular expression/],
    ["skill: x\nturns:\n  - user: hi\n    expect: { refused: \"/late/q\" }\n", 4, 24, /not a valid regular expression/],
  ])("locates the problem in %j", (text, line, column, reason) => {
    const error = errorOf(text);
    expect(error.reason).toMatch(reason);
    expect([error.line, error.column]).toEqual([line, column]);
    expect(error.message.startsWith(`p.proof.yaml:${line}:${column}: `)).toBe(true);
  });
});

describe("parseProof: endings and limits", () => {
  it("reads the host's limits in the skill's words, and ends: as an outcome or a yes/no", () => {
    const proof = parse(`
skill: x
fixtures: { limits: { turn: { tokens: 8000 }, conversation: { model_calls: 2, cost: 0.05 } } }
turns:
  - user: hi
    expect: { ends: card_invalid }
  - user: again
    expect: { ends: false }
`);
    expect(proof.fixtures.limits).toEqual({ turn: { tokens: 8000 }, conversation: { modelCalls: 2, cost: 0.05 } });
    expect(proof.turns.map((t) => t.expect.ends)).toEqual(["card_invalid", false]);
  });
});

describe("parseProof: approvals naming a request", () => {
  it("takes a request id as written, or the request shown in an earlier turn", () => {
    const proof = parse(`
skill: x
turns:
  - user: hi
  - approve: { approval: yes, by: manager, request: "approval#0123abcd" }
  - approve: { approval: no, by: manager, request: { turn: 1 } }
`);
    expect(proof.turns[1]!.input).toEqual({ approve: "approval", by: "manager", yes: true, request: "approval#0123abcd" });
    expect(proof.turns[2]!.input).toEqual({ approve: "approval", by: "manager", yes: false });
    expect(proof.turns[2]!.requestTurn).toBe(1);
    expect(proof.turns[2]!.label).toBe("approve approval: no by manager, request of turn 1");
  });

  it.each([
    ["skill: x\nturns:\n  - user: hi\n  - approve: { approval: yes, by: m, request: { turn: 2 } }\n", /an earlier turn/],
    ["skill: x\nturns:\n  - approve: { approval: yes, by: m, request: 7 }\n", /`request:` is a request id/],
  ])("refuses a request that cannot name an earlier request: %j", (text, reason) => {
    expect(errorOf(text).reason).toMatch(reason);
  });
});

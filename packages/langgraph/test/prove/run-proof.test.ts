/**
 * Running proofs end to end (parse, then run through createFlow with the scripted model): approvals
 * tied to the request shown in an earlier turn, the request id in `waits_for` lines, and no secret seen
 * in the state ever printed in a check line.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadFlowSkill } from "../../src/load-flow-skill.js";
import { formatProofReport } from "../../src/prove/format-proof-report.js";
import { parseProof } from "../../src/prove/parse-proof.js";
import { runProof, type ProveCheck } from "../../src/prove/run-proof.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

async function prove(text: string) {
  const proof = parseProof(text, "p.proof.yaml", ROOT);
  return runProof(proof, (path) => loadFlowSkill(path));
}

const at = (checks: ProveCheck[], turn: number, key: string) => checks.filter((c) => c.turn === turn && c.key === key);

/**
 * order-refund up to the supervisor's request (turn 2), then a change of refund method: the customer's
 * own yes covered the refund too (confirms stack), so they confirm again (turn 4) and a new request is
 * filed for the new card.
 */
const REFUND_TO_APPROVAL = `
skill: skills/order-refund
fixtures:
  now: "2027-03-01T09:00:00Z"
  answers: { email: "maria@example.com", order_id: "A-1001", refund_method: card }
turns:
  - user: "It arrived broken"
    model: { return_reason: "arrived broken" }
  - press: refund_item
    expect: { waits_for: supervisor_ok }
  - user: "Store credit instead, please"
    model: { refund_method: store_credit }
    expect: { says: "refund 189 EUR?" }
  - press: refund_item
    expect: { waits_for: supervisor_ok, says: "Sent to supervisor for approval" }
  - user: "Is it approved yet?"
    model: {}
    expect: { says: "Waiting for approval from supervisor for: Approve a refund of 189 EUR", called: [] }
`;

describe("runProof: approvals tied to a request", () => {
  it("an approval naming the request shown in an earlier turn is refused once the card has changed", async () => {
    const run = await prove(`${REFUND_TO_APPROVAL}
  - approve: { supervisor_ok: yes, by: supervisor, request: { turn: 2 } }
    expect: { called: [], says: "earlier version", waits_for: supervisor_ok }
  - approve: { supervisor_ok: yes, by: supervisor, request: { turn: 4 } }
    expect: { called: [issue_refund] }
`);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
    expect(at(run.checks, 7, "called")).toHaveLength(1);
  });

  it("a waits_for line shows the request id, and the same id can be written in the proof", async () => {
    const first = await prove(REFUND_TO_APPROVAL);
    const [line] = at(first.checks, 4, "waits_for");
    const id = /\(request (supervisor_ok\S*#[0-9a-f]+)\)$/.exec(line!.expected)?.[1];
    expect(id).toBeDefined();
    const run = await prove(`${REFUND_TO_APPROVAL}
  - approve: { supervisor_ok: yes, by: supervisor, request: "${id}" }
    expect: { called: [issue_refund] }
`);
    expect(run.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it("a reference to a turn that showed no request fails the turn, naming it", async () => {
    const run = await prove(`${REFUND_TO_APPROVAL}
  - approve: { supervisor_ok: yes, by: supervisor, request: { turn: 1 } }
    expect: { called: [] }
`);
    const failed = run.checks.filter((c) => !c.ok);
    expect(failed).toEqual([expect.objectContaining({ turn: 6, key: "request", seen: "turn 1 left no approval request waiting" })]);
  });
});

describe("runProof: secrets in the report", () => {
  it("a value seen in the state is redacted in every check line; what the proof wrote may stay", async () => {
    const run = await prove(`
skill: test/fixtures/proofs/mini_shop
turns:
  - user: "Two mugs"
    model: { quantity: 2 }
  - pick: { item_id: MUG }
  - user: "no wrap"
    model: { gift_wrap: false }
  - user: "4321"
    expect:
      fields: { pin: "1111" }
      says: "Your PIN is 4321"
`);
    const seen = run.checks.map((c) => c.seen).join("\n");
    expect(seen).not.toContain("4321");
    const report = formatProofReport({ runs: [run], passed: 0, failed: 2 });
    expect(report).toContain('fields: expected {"pin":"1111"}, saw pin="[secret]"');
    const failing = report.split("\n").filter((l) => l.includes("✗"));
    expect(failing.length).toBe(2);
    for (const line of failing) expect(line.replace('"Your PIN is 4321"', "").replace('user "4321"', "")).not.toContain("4321");
  });
});

describe("a pick of a row the list did not show", () => {
  const TRIP = (pick: string, expect: string) => `
skill: skills/conference-trip
turns:
  - user: "Book me for the Lisbon AI summit"
    model: { conference: "Lisbon AI Summit", nights: 3 }
    expect: { asks: flight_id }
  - pick: { flight_id: ${pick} }
    expect: ${expect}
`;

  it("fails the turn naming the rows shown, with did-you-mean, and runs no further", async () => {
    const run = await prove(TRIP("TP135", "{ asks: hotel_id }"));
    expect(at(run.checks, 2, "pick")).toEqual([expect.objectContaining({
      ok: false,
      expected: "one of the rows shown for flight_id (TP1350, BA500, FR8342, TP1352)",
      seen: "`TP135`, which the list did not show: did you mean `TP1350`? (to prove it is refused, add `refused:`)",
    })]);
    expect(at(run.checks, 2, "asks")).toEqual([]);
  });

  it("is what the turn proves when it expects the refusal", async () => {
    const run = await prove(TRIP("TP135", '{ refused: "Please pick one of the listed options.", asks: flight_id }'));
    expect(run.checks.every((c) => c.ok)).toBe(true);
  });

  it("passes a row the list showed", async () => {
    const run = await prove(TRIP("TP1350", "{ asks: hotel_id }"));
    expect(run.checks.every((c) => c.ok)).toBe(true);
  });

  it("reports a 100 KB row id cut in its line (its start, … and its length), as every message cuts names", async () => {
    const long = `TP${"1".repeat(99_998)}`;
    const run = await prove(TRIP(long, "{ asks: hotel_id }"));
    const report = formatProofReport({ runs: [run], passed: 0, failed: 1 });
    const [line] = report.split("\n").filter((l) => l.includes("✗") && l.includes(" pick: "));
    expect(line).toContain(`saw \`${long.slice(0, 80)}… (100,000 characters)\`, which the list did not show`);
    expect(report.length).toBeLessThan(3_000);
  });
});

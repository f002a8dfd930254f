import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadFlowSkill } from "../../src/load-flow-skill.js";
import { checkProofNames } from "../../src/prove/check-proof-names.js";
import { parseProof } from "../../src/prove/parse-proof.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

async function errorsOf(text: string, skills = ["skills/order-refund"]) {
  const proof = parseProof(text, "p.proof.yaml", ROOT);
  const loaded = await Promise.all(skills.map((path) => loadFlowSkill(join(ROOT, path)))); // from any working directory
  return checkProofNames(proof, loaded.map((l) => l.skill)).map((e) => e.message);
}

const answers = (value: string) => `skill: skills/order-refund\nfixtures:\n  answers: ${value}\nturns:\n  - user: hi\n`;

describe("checkProofNames: answers", () => {
  it("takes declared fields and fields that exist only through from:", async () => {
    expect(await errorsOf(answers(`{ email: "maria@example.com", order_id: "A-1001", refund_method: card }`))).toEqual([]);
  });

  it("locates each name that is not a field, with did-you-mean when one is close", async () => {
    expect(await errorsOf(answers(`{ email: "m@x.io", refund_methd: card, cabin: economy, toString: 1 }`))).toEqual([
      "p.proof.yaml:3:31: `answers:` names `refund_methd`, which is not a field of order-refund. Did you mean `refund_method`?",
      expect.stringMatching(/^p\.proof\.yaml:3:51: `answers:` names `cabin`, which is not a field of order-refund\. Use one of the fields of order-refund: email, .*order_id/),
      expect.stringMatching(/^p\.proof\.yaml:3:67: `answers:` names `toString`/),
    ]);
  });
});

describe("checkProofNames: turns and expectations", () => {
  it("accepts the names of the example proofs' skill", async () => {
    const text = [
      "skill: skills/conference-trip",
      "fixtures: { fail: { reserve_cab: 1 } }",
      "turns:",
      "  - pick: { flight_id: TP1350 }",
      "    expect: { asks: hotel_id, called: search_hotels, fields: { flight_id: TP1350 } }",
      "  - press: pay",
      "    expect: { called_in_order: [hold_flight, take_payment], not_called: [reserve_cab] }",
      "  - press: { pay: no }",
      "",
    ].join("\n");
    expect(await errorsOf(text, ["skills/conference-trip"])).toEqual([]);
  });

  it("makes an unknown confirm, field or tool a located error with did-you-mean", async () => {
    const text = [
      "skill: skills/conference-trip",
      "fixtures: { reject: { reserve_cap: 1 } }",
      "turns:",
      "  - pick: { flight: TP1350 }",
      "    expect: { asks: hotel, called: search_hotel, fields: { flight_idd: TP1350 } }",
      "  - press: bok",
      "    expect: { called_in_order: [hold_flight, take_paymnt], waits_for: pya }",
      "  - press: { pya: no }",
      "  - approve: { approvl: yes, by: manager }",
      "",
    ].join("\n");
    expect(await errorsOf(text, ["skills/conference-trip"])).toEqual([
      "p.proof.yaml:2:23: `reject:` names `reserve_cap`, which is not a tool of conference-trip. Did you mean `reserve_cab`?",
      expect.stringMatching(/^p\.proof\.yaml:4:13: `pick:` names `flight`, which is not a field of conference-trip\. Use one of the fields of conference-trip: /),
      expect.stringMatching(/^p\.proof\.yaml:5:21: `asks:` names `hotel`, which is not a field of conference-trip\./),
      "p.proof.yaml:5:36: `called:` names `search_hotel`, which is not a tool of conference-trip. Did you mean `search_hotels`?",
      "p.proof.yaml:5:60: `fields:` names `flight_idd`, which is not a field of conference-trip. Did you mean `flight_id`?",
      "p.proof.yaml:6:12: `press:` names `bok`, which is not a confirm of conference-trip. Use one of the confirms of conference-trip: pay.",
      "p.proof.yaml:7:46: `called_in_order:` names `take_paymnt`, which is not a tool of conference-trip. Did you mean `take_payment`?",
      "p.proof.yaml:7:71: `waits_for:` names `pya`, which is not a confirm of conference-trip. Did you mean `pay`?",
      "p.proof.yaml:8:14: `press:` names `pya`, which is not a confirm of conference-trip. Did you mean `pay`?",
      "p.proof.yaml:9:16: `approve:` names `approvl`, which is not a confirm of conference-trip. Use one of the confirms of conference-trip: pay.",
    ]);
  });

  it("takes what any skill of a proof of several skills has, and names them all", async () => {
    const text = "skills: [skills/conference-trip, skills/order-refund]\nturns:\n  - user: hi\n    model: {}\n    expect: { asks: order_id, active: order-refund }\n  - press: refnd\n";
    expect(await errorsOf(text, ["skills/conference-trip", "skills/order-refund"])).toEqual([
      expect.stringMatching(/^p\.proof\.yaml:6:12: `press:` names `refnd`, which is not a confirm of conference-trip or order-refund\. /),
    ]);
  });
});

describe("checkProofNames: outcomes", () => {
  const ends = (name: string) => `skill: test/fixtures/endings/library-loan\nturns:\n  - user: hi\n    expect: { ends: ${name} }\n`;

  it("takes the outcome of an end of the skill, and true or false", async () => {
    expect(await errorsOf(ends("card_invalid"), ["test/fixtures/endings/library-loan"])).toEqual([]);
    expect(await errorsOf(ends("false"), ["test/fixtures/endings/library-loan"])).toEqual([]);
  });

  it("locates an outcome no end of the skill names, with did-you-mean", async () => {
    expect(await errorsOf(ends("card_invalud"), ["test/fixtures/endings/library-loan"])).toEqual([
      "p.proof.yaml:4:21: `ends:` names `card_invalud`, which is not an outcome of library-loan. Did you mean `card_invalid`?",
    ]);
  });
});

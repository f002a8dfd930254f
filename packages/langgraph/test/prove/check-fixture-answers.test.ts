import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadFlowSkill } from "../../src/load-flow-skill.js";
import { checkFixtureAnswers } from "../../src/prove/check-fixture-answers.js";
import { parseProof } from "../../src/prove/parse-proof.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

async function errorsOf(answers: string) {
  const proof = parseProof(`skill: skills/order_refund\nfixtures:\n  answers: ${answers}\nturns:\n  - user: hi\n`, "p.proof.yaml", ROOT);
  const { skill } = await loadFlowSkill(proof.skill);
  return checkFixtureAnswers(proof, skill).map((e) => e.message);
}

describe("checkFixtureAnswers", () => {
  it("takes declared fields and fields that exist only through from:", async () => {
    expect(await errorsOf(`{ email: "maria@example.com", order_id: "A-1001", refund_method: card }`)).toEqual([]);
  });

  it("locates each name that is not a field, with did-you-mean when one is close", async () => {
    expect(await errorsOf(`{ email: "m@x.io", refund_methd: card, cabin: economy, toString: 1 }`)).toEqual([
      "p.proof.yaml:3:31: `answers:` names `refund_methd`, which is not a field of order_refund. Did you mean `refund_method`?",
      expect.stringMatching(/^p\.proof\.yaml:3:51: `answers:` names `cabin`, which is not a field of order_refund\. Use one of the fields of order_refund: email, .*order_id/),
      expect.stringMatching(/^p\.proof\.yaml:3:67: `answers:` names `toString`/),
    ]);
  });
});

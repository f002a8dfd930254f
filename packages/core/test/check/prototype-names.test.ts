/**
 * A name that is an `Object.prototype` member (`toString`, `constructor`) is not declared just because
 * every object inherits it: asking it without a declaration is an unknown field, as for any other name.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { skillFromText } from "../helpers/skill-text.js";

const ruleIds = (steps: string) => checkSkill(skillFromText("reason: { text: true }", steps)).map((d) => d.ruleId);

describe("undeclared fields named like Object.prototype members", () => {
  it("reports `toString` and `constructor` asked without a declaration", () => {
    expect(ruleIds(`- ask: { toString: "Which?" }`)).toEqual(["unknown-field"]);
    expect(ruleIds(`- ask: { constructor: "Who?" }`)).toEqual(["unknown-field"]);
  });
});

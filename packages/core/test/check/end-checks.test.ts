/**
 * `flow check` on `end` steps beyond the golden fixtures: its `tell:` is checked as any text is (a secret
 * in it, a name not known yet); ways that all end — by an `end` last, or an either/or of two ends — get
 * no way-without-outcome; a skill with no `end` names no outcome, so nothing is asked of its ways; one
 * outcome twice with one status is fine; and an `end` after a hand-off either/or is step-after-end.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { skillFromText } from "../helpers/skill-text.js";

const FIELDS = 'card: { pattern: "^C[0-9]{4}$" }\npin: { pattern: "^[0-9]{4}$", secret: true }\nrenew: { yes_no: true }';
const check = (steps: string) => checkSkill(skillFromText(FIELDS, steps)).map((d) => `${d.ruleId}: ${d.reason}`);
const end = (outcome: string, status = "success", indent = "") => `${indent}- end: ${outcome}\n${indent}  status: ${status}\n${indent}  tell: "Bye."`;

describe("end steps in flow check", () => {
  it("checks tell: as a text", () => {
    expect(check(`- ask: { pin: "PIN?" }\n- end: bye\n  status: success\n  tell: "Your PIN {pin} is fine."`))
      .toEqual(["secret-in-text: `pin` is secret, but this `tell:` text would show it."]);
    expect(check(`- end: bye\n  status: success\n  tell: "Card {card}."\n`)[0]).toBe("used-before-asked: `card` is never asked, so it has no value here.");
  });

  it("asks nothing of the ways when every one ends, or when the skill names no outcome", () => {
    expect(check(`- ask: { renew: "Renew?" }\n- when: renew\n  steps:\n${end("renewed", "success", "    ")}\n${end("kept")}`)).toEqual([]);
    expect(check(`- ask: { renew: "Renew?" }\n- when: renew\n  steps:\n${end("renewed", "success", "    ")}\n- when: "!renew"\n  steps:\n${end("kept", "success", "    ")}`)).toEqual([]);
    expect(check(`- ask: { renew: "Renew?" }\n- when: renew\n  steps:\n    - say: "Renewed."`)).toEqual([]);
  });

  it("takes one outcome reached twice with one status", () => {
    expect(check(`- ask: { renew: "Renew?" }\n- when: renew\n  steps:\n${end("closed", "failed", "    ")}\n${end("closed", "failed")}`)).toEqual([]);
  });

  it("names the way that finishes with no outcome by the branch of an either/or left open", () => {
    const steps = `- ask: { renew: "Renew?" }\n- when: renew\n  steps:\n${end("renewed", "success", "    ")}\n- when: "!renew"\n  steps:\n    - say: "Kept."`;
    expect(check(steps)).toEqual([
      "way-without-outcome: When `!renew` is true, the flow runs past its last step without reaching an `end`, so that way finishes with no outcome, while the skill names `renewed`.",
    ]);
  });
});

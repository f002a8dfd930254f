/**
 * An either/or: `when: C` directly followed by `when: !(C)`. Exactly one branch runs on every path, so a
 * value both branches give (a field both ask, an output both produce) is known after them; a value only
 * one gives is not. The runtime binds inputs by name from the latest output met, so what the checker
 * accepts here always binds.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { bool, lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const tools = [
  lookupTool("find_by_email", { email: str }, obj({ known: bool, user_id: str })),
  lookupTool("find_by_name", { name: str }, obj({ known: bool, user_id: str, nickname: str })),
  writeTool("close_account", { user_id: str }, obj({ closed: bool })),
];
const fields = `by_email: { yes_no: true }
email: { text: true }
name: { text: true }`;
const rules = (steps: string) => checkSkill(skillFromText(fields, steps, tools)).map((d) => `${d.line}:${d.column} ${d.ruleId}`);

const eitherOr = (second: string, after = "- do: close_account") => `
- ask: { by_email: "Email?" }
- when: by_email
  steps:
    - ask: { email: "Which email?" }
      check:
        find_by_email.known: "Unknown."
- when: ${second}
  steps:
    - ask: { name: "Which name?" }
      check:
        find_by_name.known: "Unknown."
- confirm: { close: "Close it?" }
${after}`;

describe("an either/or of two whens", () => {
  it("binds an input that each branch produces", () => {
    expect(rules(eitherOr('"!(by_email)"'))).toEqual([]);
    expect(rules(eitherOr("'! by_email'"))).toEqual([]);
  });

  it("needs the second condition to be the first one negated", () => {
    expect(rules(eitherOr("by_email"))).toEqual(["19:7 unbound-tool-input"]);
    expect(rules(eitherOr('"!(by_email) && true"'))).toEqual(["19:7 unbound-tool-input"]);
  });

  it("needs the two whens next to each other", () => {
    const between = eitherOr('"!(by_email)"').replace('- when: "!(by_email)"', '- say: "Now the other way."\n- when: "!(by_email)"');
    expect(rules(between)).toEqual(["20:7 unbound-tool-input"]);
  });

  it("knows after it only what both branches give", () => {
    // nickname comes from find_by_name only, and the field `name` is asked only in the second branch.
    const after = '- do: close_account\n- say: "Hello {find_by_name.nickname}."\n- say: "{name}"';
    expect(rules(eitherOr('"!(by_email)"', after))).toEqual(["20:16 unbound-tool-input", "21:10 used-before-asked"]);
  });

  it("does not count a condition that reads what a branch asks", () => {
    const steps = `
- ask: { by_email: "Email?" }
- when: email == "x"
  steps:
    - ask: { email: "Which email?" }
      check:
        find_by_email.known: "Unknown."
- when: '!(email == "x")'
  steps:
    - ask: { name: "Which name?" }
      check:
        find_by_name.known: "Unknown."
- confirm: { close: "Close it?" }
- do: close_account`;
    expect(rules(steps)).toContain("19:7 unbound-tool-input");
  });
});

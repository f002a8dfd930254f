/**
 * Issue 38 C: the checker and a `decide`. The decision is a text value known after its step (read before
 * it, it is used before it is asked; read in its own question too), typed as text (compared with a
 * number, it does not load), and it covers no write: a write after a decide still needs a confirm.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const tools = [writeTool("reopen_ticket", { ticket: str }, obj({ ok: str }))];
const fields = "ticket: { text: true }";
const DECIDE = `- decide: { escalation: "What now for {ticket}?" }
  options: { send_back: "Send it back", stop: "Stop" }`;
const errors = (steps: string) => checkSkill(skillFromText(fields, `- ask: { ticket: "Which?" }\n${steps}`, tools))
  .filter((d) => d.severity === "error").map((d) => d.ruleId);

describe("the checker and a decide", () => {
  it("a skill reading the decision after its step, under a confirm, loads", () => {
    expect(errors(`${DECIDE}\n- when: "escalation == 'send_back'"\n  steps:\n    - confirm: { reopen: "Reopen {ticket}?" }\n    - do: reopen_ticket\n- say: "Chosen: {escalation}."`)).toEqual([]);
  });

  it("reading the decision before its step, or in its own question, is used before asked", () => {
    expect(errors(`- say: "Chosen: {escalation}."\n${DECIDE}`)).toContain("used-before-asked");
    expect(errors(DECIDE.replace("{ticket}", "{escalation}"))).toContain("used-before-asked");
  });

  it("the decision is text: compared with a number, the skill does not load", () => {
    expect(errors(`${DECIDE}\n- when: "escalation > 3"\n  steps:\n    - say: "x"`)).toContain("ill-typed-condition");
  });

  it("a decide covers no write: a write after it with no confirm is ungated", () => {
    expect(errors(`${DECIDE}\n- when: "escalation == 'send_back'"\n  steps:\n    - do: reopen_ticket`)).toContain("ungated-write");
  });
});

/**
 * `flow check` on hand-offs beyond the golden fixtures: a hand-off tool is no lookup (not for a
 * `lookup:` field, not as a `from:` list), its `with:` is checked like a write's, its inputs bound by
 * name must be known, and a hand-off inside a `when` leaves the steps after the `when` reachable.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { handoffTool, list, lookupTool, obj, skillFromText, str } from "../helpers/skill-text.js";

const tools = [
  lookupTool("find_order", { order_id: str }, obj({ status: str })),
  handoffTool("transfer", { summary: str }, obj({ queue: list(obj({ id: str })) })),
];
const check = (fields: string, steps: string) => checkSkill(skillFromText(fields, steps, tools)).map((d) => `${d.ruleId}: ${d.reason}`);
const TELL = '\n  tell: "A person will help you."';

describe("hand-offs in flow check", () => {
  it("refuses a hand-off tool where a lookup is needed", () => {
    expect(check("summary: { lookup: transfer }", `- ask: { summary: "What?" }`))
      .toEqual(["bad-lookup-shape: `transfer` is a hand-off tool, so it cannot check answers to `summary`."]);
    expect(check("summary: { text: true }", `- ask: { summary: "What?" }\n- ask: { row: "Which?" }\n  from: transfer.queue`))
      .toEqual([
        "bad-from: `transfer` is a hand-off tool, not a lookup, so its output cannot be offered as a list to pick from.",
        "used-before-asked: `transfer` is a hand-off tool: nothing runs after it, so its output exists only in the `tell:` of its own `handoff` step.",
      ]);
  });

  it("checks with: and inputs bound by name like a write's", () => {
    expect(check("summary: { text: true }", `- ask: { summary: "What?" }\n- handoff: transfer\n  with: { summry: summary }${TELL}`))
      .toEqual(["unknown-tool-input: `summry` is not an input of `transfer`, whose inputs are `summary`."]);
    expect(check("order_id: { text: true }", `- ask: { order_id: "Which order?" }\n- handoff: transfer${TELL}`))
      .toEqual([expect.stringMatching(/^unbound-tool-input: `transfer` needs the input `summary`/)]);
  });

  it("reads the hand-off's output in its own tell:", () => {
    expect(check("summary: { text: true }", `- ask: { summary: "What?" }\n- handoff: transfer\n  tell: "You are number {transfer.queue.size()} in the queue."`)).toEqual([]);
  });

  it("lets the steps after a when that hands off run, and reports those after a bare hand-off", () => {
    const steps = `- ask: { summary: "What?" }\n- when: summary == "person"\n  steps:\n    - handoff: transfer${TELL.replace("\n", "\n    ")}\n- say: "Then let us go on."`;
    expect(check("summary: { text: true }", steps)).toEqual([]);
    expect(check("summary: { text: true }", `- ask: { summary: "What?" }\n- handoff: transfer${TELL}\n- say: "Never said."`))
      .toEqual([expect.stringMatching(/^step-after-handoff: This step never runs: the `handoff` at line \d+ ends the conversation\.$/)]);
  });

  it("reports the steps after an either/or that hands off both ways, and not after one that goes on one way", () => {
    const handoff = `    - handoff: transfer${TELL.replace("\n", "\n    ")}`;
    const both = `- ask: { summary: "What?" }\n- when: summary == "person"\n  steps:\n${handoff}\n- when: '!(summary == "person")'\n  steps:\n    - say: "Someone else then."\n${handoff}\n- say: "Never said."`;
    expect(check("summary: { text: true }", both))
      .toEqual([expect.stringMatching(/^step-after-handoff: This step never runs: the either\/or at line \d+, which hands off both ways, ends the conversation\.$/)]);
    const oneWay = both.replace(`    - say: "Someone else then."\n${handoff}`, `    - say: "Someone else then."`);
    expect(check("summary: { text: true }", oneWay)).toEqual([]);
  });
});

/**
 * Names are data: a field, tool, confirm or model-proposed key that happens to be an `Object.prototype`
 * member (`constructor`, `toString`, `valueOf`) must behave like any other name, never read an inherited
 * property — when tools load, when the skill is checked, when it runs and when its procedure is rendered.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkSkill } from "../../src/check/index.js";
import { collectTools } from "../../src/loader/collect-tools.js";
import { renderProcedure } from "../../src/procedure/render-procedure.js";
import { step } from "../../src/runtime/step.js";
import { initialState } from "../../src/runtime/initial-state.js";
import { action } from "../../src/tools/define.js";
import { describeTool } from "../../src/tools/describe-tool.js";
import type { ValueType } from "../../src/tools/value-type.js";
import { int, list, lookupTool, skillFromText } from "../helpers/skill-text.js";
import { cards, Host, refusals, says, skillFrom, writes } from "./host.js";

const skill = skillFromText(
  "constructor: { text: true }",
  `- ask: { constructor: "Who builds it?" }\n- say: "Built by {constructor}."`,
);

describe("names that are Object.prototype members", () => {
  it("asks a field named `constructor` like any other, and uses its answer", () => {
    const first = step(skill, initialState("f"), { type: "text", text: "hi" });
    expect(first.state.pending).toMatchObject({ kind: "ask", field: "constructor" });
    const second = step(skill, first.state, { type: "pick", field: "constructor", value: "Ada" });
    expect(second.effects).toContainEqual({ type: "say", text: "Built by Ada." });
  });

  it("drops a model value for `toString` as an unknown field instead of throwing", () => {
    const first = step(skill, initialState("f"), { type: "text", text: "hi" });
    const turn = step(skill, first.state, { type: "text", text: "x", extraction: { ok: true, values: { toString: "x" } } });
    expect(turn.trace).toContainEqual({ type: "dropped", field: "toString", reason: "unknown field" });
    expect(turn.state.pending).toMatchObject({ kind: "ask", field: "constructor" });
  });
});

const SKILL_MD = `---
name: proto
description: Sends a count of one kind.
---
## Fields
\`\`\`yaml
constructor: { number: { min: 1, max: 9 } }
valueOf: { choices: [toString, valueOf] }
\`\`\`
## Steps
\`\`\`yaml
- ask: { constructor: "How many?" }
- ask: { valueOf: "Which kind?" }
- confirm: { hasOwnProperty: "Send {constructor} of {valueOf}?" }
- do: toString
- say: "Sent: {toString.receipt}."
\`\`\`
`;

const TOOLS_TS = `export default [action({ name: "toString", … })];`;
const sendTool = action(
  {
    name: "toString",
    description: "Sends the count.",
    card: "Send {constructor} as {valueOf}",
    input: z.object({ constructor: z.number().int(), valueOf: z.string() }),
    output: z.object({ receipt: z.string() }),
  },
  async () => ({ receipt: "" }),
);

const protoSkill = () => skillFrom(SKILL_MD, [describeTool(sendTool)]);

describe("a skill with fields `constructor`/`valueOf`, a confirm `hasOwnProperty` and a write tool `toString`", () => {
  it("loads the tool `toString` (not a duplicate of the inherited one) and checks clean", () => {
    const loaded = collectTools({ default: [sendTool] }, "proto/tools.ts", TOOLS_TS);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.infos).toEqual({ toString: describeTool(sendTool) });
    expect(checkSkill(skillFrom(SKILL_MD, Object.values(loaded.infos)))).toEqual([]);
  });

  it("runs through the core step: refuses a non-choice, gates the write on the yes, runs it once", () => {
    const host = new Host(protoSkill(), { toString: (i) => ({ receipt: `R-${i.constructor}-${i.valueOf}` }) });
    host.text("hi");
    host.text("3", { constructor: 3 });
    expect(refusals(host.text("yes", { valueOf: "yes" }))).toEqual(["Please choose one of: toString, valueOf."]);
    const asked = host.text("valueOf", { valueOf: "valueOf" });
    expect(writes(asked)).toEqual([]);
    expect(cards(asked)[0]).toMatchObject({
      confirm: "hasOwnProperty", question: "Send 3 of valueOf?",
      writes: [{ tool: "toString", instance: "4", inputs: { constructor: 3, valueOf: "valueOf" } }],
    });
    const done = host.press("hasOwnProperty");
    expect(writes(done)).toEqual(["toString"]);
    expect(says(done)).toEqual(["Sent: R-3-valueOf."]);
    expect(host.state.ledger["4"]).toMatchObject({ tool: "toString", status: "done" });
    expect(writes(host.press("hasOwnProperty"))).toEqual([]);
  });

  it("renders a procedure that describes each name from its own declaration", () => {
    const md = renderProcedure(protoSkill(), "md");
    expect(md).toContain('| `constructor` | 1 | "How many?" | a whole number from 1 to 9 | the person or the assistant (model) |');
    expect(md).toContain('| `valueOf` | 2 | "Which kind?" | one of toString, valueOf | the person or the assistant (model) |');
    expect(md).toContain('| `hasOwnProperty` | 3 | "Send {constructor} of {valueOf}?" | yes or no | the person only (a yes press) |');
    expect(md).toContain("- **4** Run `toString` (changes something): Sends the count.");
    expect(md).toContain("- Input `constructor`: the answer to step 1\n- Input `valueOf`: the answer to step 2");
  });
});

describe("a loop variable named `toString`", () => {
  it("takes the words of its rows in the procedure, not those of an inherited tool", () => {
    const row: ValueType = { t: "object", fields: { n: int }, descriptions: { n: "The number of seats." } };
    const rows = lookupTool("rows", {}, { t: "object", fields: { items: list(row) } });
    const steps = `- do: rows\n- repeat: { for: toString, in: rows.items }\n  steps:\n    - when: toString.n > 1\n      steps:\n        - say: "Item {toString.n}"`;
    const md = renderProcedure(skillFromText("", steps, [rows]), "md");
    expect(md).toContain("  - **2.1** Only when the number of seats is above 1:\n");
  });
});

/**
 * `handoff:` in the parser, the JSON Schema, the procedure and the editor: the step keeps its tool, its
 * `with:` and its `tell:`; a hand-off without `tell:` is one sentence; completion after `handoff:`
 * offers hand-off tools only, and after `do:` none of them; hover says what a hand-off tool does.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { skillBlocksSchema } from "../../src/format/skill-schema.js";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";
import { renderProcedure } from "../../src/procedure/render-procedure.js";
import type { Skill } from "../../src/format/ir.js";
import { handoffTool, lookupTool, obj, str, writeTool } from "../helpers/skill-text.js";

const TELL = "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.";
const text = (steps: string) => `---
name: t
description: A test skill.
---

## Fields

\`\`\`yaml
summary: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { summary: "What do you need?" }
${steps.trim()}
\`\`\`
`;
const HANDOFF = `- handoff: transfer\n  with: { summary: summary }\n  tell: "${TELL}"`;
const tools = [
  lookupTool("find_user", { summary: str }, obj({ name: str })),
  writeTool("cancel", { summary: str }, obj({ ok: str })),
  { ...handoffTool("transfer", { summary: str }, obj({ message: str })), description: "Pass the person to a human agent." },
];
const withTools = (skill: Skill | undefined): Skill => ({ ...skill!, tools: Object.fromEntries(tools.map((t) => [t.name, t])) });

describe("handoff: in the parser and the schema", () => {
  it("keeps the tool, its with: and its tell:", () => {
    const { skill, diagnostics } = parseSkill(text(HANDOFF), "t/SKILL.md");
    expect(diagnostics).toEqual([]);
    expect(skill!.steps[1]).toMatchObject({ kind: "handoff", tool: "transfer", with: [{ input: "summary", value: { source: "summary" } }], tell: { source: TELL } });
  });

  it("says in one sentence that a hand-off needs tell:", () => {
    const reasons = parseSkill(text("- handoff: transfer"), "t/SKILL.md").diagnostics.map((d) => `${d.ruleId}: ${d.reason}`);
    expect(reasons).toEqual(["invalid-step: This `handoff` has no `tell:`, so the person would not be told the conversation is handed over."]);
    expect(parseSkill(text('- say: "Bye"\n  tell: "x"'), "t/SKILL.md").diagnostics.map((d) => d.reason)).toEqual(["`tell:` is on a `say` step, but it belongs on a `handoff` or `end`."]);
  });

  it("is a step of the JSON Schema that requires tell:", () => {
    const steps = (skillBlocksSchema().$defs as Record<string, { oneOf: Array<{ title: string; required: string[]; properties: Record<string, unknown> }> }>).step.oneOf;
    const branch = steps.find((b) => b.title === "handoff")!;
    expect(branch.required).toEqual(["handoff", "tell"]);
    expect(Object.keys(branch.properties)).toEqual(["handoff", "with", "tell"]);
  });
});

describe("handoff: in the procedure", () => {
  it("reads as a plain sentence that ends the conversation", () => {
    const skill = withTools(parseSkill(text(HANDOFF), "t/SKILL.md").skill);
    const md = renderProcedure(skill, "markdown");
    expect(md).toContain(`- **2** Hand the conversation over with \`transfer\` (pass the person to a human agent), and say: "${TELL}" The conversation ends there.\n`);
    expect(md).toContain("There is one way through this flow.\n\n- Steps: 1, 2\n- Changes: `transfer` (step 2, hands the conversation over)\n");
    expect(md).toContain("No step changes anything: every tool this skill runs is a lookup, or hands the conversation over");
  });

  it("ends a way at a hand-off inside a when: the steps after the when are on the other way only", () => {
    const source = text(`- when: summary == "a person"\n  steps:\n    ${HANDOFF.replace(/\n/g, "\n    ")}\n- do: cancel\n- say: "Done."`);
    const skill = withTools(parseSkill(source, "t/SKILL.md").skill);
    const md = renderProcedure(skill, "markdown");
    expect(md).toContain("- Steps: 1, 2, 2.1\n- Changes: `transfer` (step 2.1, hands the conversation over)\n");
    expect(md).toContain("- Steps: 1, 3, 4\n");
    expect(md).toContain("No confirm: it changes nothing the person owns");
  });
});

describe("handoff: in the editor", () => {
  const source = text(HANDOFF);
  const skill = withTools(parseSkill(source, "t/SKILL.md").skill);
  const lineOf = (s: string, needle: string) => s.split("\n").findIndex((l) => l.includes(needle));

  it("completes only hand-off tools after handoff:, and none after do:", () => {
    const edited = source.replace("- handoff: transfer", "- handoff: tr");
    const line = lineOf(edited, "- handoff: tr");
    expect(completeAt(edited, { line, character: edited.split("\n")[line]!.length }, skill).map((c) => c.label)).toEqual(["transfer"]);
    const asDo = source.replace("- handoff: transfer", "- do: tr");
    const doLine = lineOf(asDo, "- do: tr");
    expect(completeAt(asDo, { line: doLine, character: asDo.split("\n")[doLine]!.length }, skill).map((c) => c.label)).toEqual(["find_user", "cancel"]);
  });

  it("hovers a hand-off tool with its kind, and the key with the format's words", () => {
    const line = lineOf(source, "- handoff: transfer");
    expect(hoverAt(source, { line, character: 13 }, skill)).toContain("**`transfer`** · hand-off (runs once from a `handoff:` step, with no confirm; the conversation ends there)");
    expect(hoverAt(source, { line, character: 4 }, skill)).toContain("Hand the conversation to a person outside it");
  });
});

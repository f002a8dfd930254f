/**
 * `end:` and `## Limits` in the parser, the JSON Schema and the editor: an end keeps its outcome, status
 * and `tell:`, and one without a status or a sentence is one located sentence each; the Limits block
 * becomes the skill's limits, and a wrong scope, measure or value is `invalid-limits`, located, with the
 * rest kept; the language server completes `end` among the step kinds, its keys and statuses, and the
 * Limits block's scopes and measures.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { skillBlocksSchema } from "../../src/format/skill-schema.js";
import { completeAt } from "../../src/edit/complete-at.js";

const text = (steps: string, limits = "") => `---
name: t
description: A test skill.
---

## Fields

\`\`\`yaml
card: { text: true }
\`\`\`

## Steps

\`\`\`yaml
- ask: { card: "Card?" }
${steps.trim()}
\`\`\`
${limits}`;

const END = `- end: card_invalid\n  status: failed\n  tell: "Card {card} cannot borrow."`;
const errorsOf = (source: string) => parseSkill(source, "t/SKILL.md").diagnostics.filter((d) => d.severity === "error").map((d) => `${d.line} ${d.ruleId}: ${d.reason}`);

describe("end: in the parser", () => {
  it("keeps the outcome, the status and tell:", () => {
    const step = parseSkill(text(END), "t/SKILL.md").skill!.steps[1]!;
    expect(step).toMatchObject({ kind: "end", outcome: "card_invalid", status: "failed", tell: { source: "Card {card} cannot borrow." } });
  });

  it("says in one sentence each that an end needs a status of the format's and a sentence", () => {
    expect(errorsOf(text(`- end: card_invalid\n  tell: "No."`))).toEqual([
      "16 invalid-step: This `end` has no `status:`, so it does not say whether the conversation did what it was for.",
    ]);
    expect(errorsOf(text(`- end: card_invalid\n  status: maybe\n  tell: "No."`))).toEqual([
      "17 invalid-step: This `end` has `maybe` under `status:`, so it does not say whether the conversation did what it was for.",
    ]);
    expect(errorsOf(text(`- end: card_invalid\n  status: success`))).toEqual([
      "16 invalid-step: This `end` has no `tell:`, so the person would not be told the conversation ended.",
    ]);
    expect(errorsOf(text(`- end: "not a name"\n  status: success\n  tell: "No."`))[0]).toContain("not the name of an outcome");
  });

  it("is a step of the JSON Schema that requires status: and tell:", () => {
    const defs = skillBlocksSchema().$defs as Record<string, { oneOf?: Array<{ title: string; required: string[]; properties: Record<string, { enum?: string[] }> }> }>;
    const branch = defs.step!.oneOf!.find((b) => b.title === "end")!;
    expect(branch.required).toEqual(["end", "status", "tell"]);
    expect(branch.properties.status!.enum).toEqual(["success", "failed"]);
  });
});

describe("## Limits in the parser", () => {
  it("becomes the skill's limits, by scope and measure", () => {
    const limits = "\n## Limits\n\n```yaml\nturn: { model_calls: 2, tokens: 6000 }\nconversation: { model_calls: 12, cost: 0.02 }\n```\n";
    const parsed = parseSkill(text(END, limits), "t/SKILL.md");
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.skill!.limits).toEqual({ turn: { modelCalls: 2, tokens: 6000 }, conversation: { modelCalls: 12, cost: 0.02 } });
    expect(parsed.skill!.prose).not.toContain("model_calls");
  });

  it("reports each wrong scope, measure or value, located, and keeps the rest", () => {
    const limits = "\n## Limits\n\n```yaml\nturn: { model_calls: -1, tokens: 6000, tokns: 5 }\nmessage: { cost: 1 }\nconversation: { cost: \"cheap\" }\n```\n";
    const parsed = parseSkill(text(END, limits), "t/SKILL.md");
    expect(errorsOf(text(END, limits))).toEqual([
      "24 invalid-limits: `turn.model_calls` is `-1`, not a whole number from 0.",
      "24 invalid-limits: `tokns` is not a measure of limits.",
      "25 invalid-limits: `message` is not a scope of limits.",
      "26 invalid-limits: `conversation.cost` is `cheap`, not a number from 0.",
    ]);
    expect(parsed.skill!.limits).toEqual({ turn: { tokens: 6000 }, conversation: {} });
  });

  it("is absent when the skill declares no limits", () => {
    expect(parseSkill(text(END), "t/SKILL.md").skill!.limits).toBeUndefined();
  });
});

describe("end: in the editor", () => {
  const lineOf = (s: string, needle: string) => s.split("\n").findIndex((l) => l.includes(needle));

  it("completes end among the step kinds, and status: and tell: inside it", () => {
    const source = text(`- e`);
    const line = lineOf(source, "- e");
    expect(completeAt(source, { line, character: 3 }, undefined).map((c) => c.label)).toContain("end");
    const inside = text(`- end: done\n  s`);
    const at = lineOf(inside, "  s");
    expect(completeAt(inside, { line: at, character: 3 }, undefined).map((c) => c.label)).toEqual(expect.arrayContaining(["status", "tell"]));
    const status = text(`- end: done\n  status: \n  tell: "Done."`);
    const statusLine = lineOf(status, "  status: ");
    expect(completeAt(status, { line: statusLine, character: 10 }, undefined).map((c) => c.label)).toEqual(["success", "failed"]);
  });

  it("completes the scopes of the Limits block, and the measures inside one", () => {
    const source = text(END, "\n## Limits\n\n```yaml\nturn: { model_calls: 2 }\nco\n```\n");
    const line = lineOf(source, "co");
    expect(completeAt(source, { line, character: 2 }, undefined).map((c) => c.label)).toEqual(["conversation"]);
    const inner = text(END, "\n## Limits\n\n```yaml\nturn:\n  model_calls: 2\n  to\n```\n");
    const at = lineOf(inner, "  to");
    expect(completeAt(inner, { line: at, character: 4 }, undefined).map((c) => c.label)).toEqual(["tokens", "cost"]);
  });
});

/**
 * Issue 38 C in the editor: the language server's completion (read from the blocks' JSON Schema) offers
 * `decide` on a new step and `options`/`by` beside a decide, and hover explains `options:`.
 */
import { describe, expect, it } from "vitest";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";
import { parseSkill } from "../../src/format/parse-skill.js";

const text = (steps: string[]) => ["---", "name: t", "description: t", "---", "## Steps", "```yaml", ...steps, "```", ""].join("\n");
const STEPS_AT = 6;

describe("decide in the editor", () => {
  it("completion offers decide on a new step, and options and by beside it", () => {
    expect(completeAt(text(["- "]), { line: STEPS_AT, character: 2 }, undefined).map((c) => c.label)).toContain("decide");
    const beside = text(['- decide: { escalation: "What now?" }', "  "]);
    expect(completeAt(beside, { line: STEPS_AT + 1, character: 2 }, undefined).map((c) => c.label)).toEqual(["options", "by"]);
  });

  it("hover on options: says what it is", () => {
    const source = text(['- decide: { escalation: "What now?" }', '  options: { stop: "Stop" }']);
    const skill = parseSkill(source, "t/SKILL.md").skill;
    expect(hoverAt(source, { line: STEPS_AT + 1, character: 4 }, skill)).toContain("the value the decision takes");
  });
});

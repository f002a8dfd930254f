/**
 * `with:` in the parser and the editor: the IR keeps each binding with its positions, a malformed
 * `with:` is one `invalid-step` sentence, the JSON Schema takes it on `do:` only, and the language
 * server completes a tool's inputs as its keys, reads its values as expressions, and hovers an input.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { skillBlocksSchema } from "../../src/format/skill-schema.js";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";
import type { Skill } from "../../src/format/ir.js";
import { bool, lookupTool, obj, str, writeTool } from "../helpers/skill-text.js";

const text = (steps: string) => `---
name: t
description: A test skill.
---

## Fields

\`\`\`yaml
new_zip: { pattern: "^[0-9]{5}$" }
\`\`\`

## Steps

\`\`\`yaml
- ask: { new_zip: "New zip?" }
- confirm: { move: "Move?" }
${steps.trim()}
\`\`\`
`;
const tools = [lookupTool("city_of", { new_zip: str }, obj({ city: str })), writeTool("set_address", { zip: str, city: str }, obj({ done: bool }))];
const withTools = (skill: Skill | undefined): Skill => ({ ...skill!, tools: Object.fromEntries(tools.map((t) => [t.name, t])) });

describe("with: in the parser", () => {
  it("keeps each input with the expression that binds it, and where both were written", () => {
    const { skill, diagnostics } = parseSkill(text("- do: set_address\n  with: { zip: new_zip, city: city_of.city }"), "t/SKILL.md");
    expect(diagnostics).toEqual([]);
    expect(skill!.steps[2]).toMatchObject({
      kind: "do", tool: "set_address",
      with: [
        { input: "zip", inputPos: { line: 18, column: 11 }, value: { source: "new_zip", pos: { line: 18, column: 16 } } },
        { input: "city", value: { source: "city_of.city" } },
      ],
    });
  });

  it("says in one sentence what is wrong with a malformed with:", () => {
    const reasons = (steps: string) => parseSkill(text(steps), "t/SKILL.md").diagnostics.map((d) => `${d.ruleId}: ${d.reason}`);
    expect(reasons("- do: set_address\n  with: new_zip")).toEqual(["invalid-step: `with:` is `new_zip`, not tool inputs with their values."]);
    expect(reasons("- do: set_address\n  with: { zip: }")).toEqual(["invalid-step: The value of `zip` in `with:` is nothing, not an expression."]);
    expect(reasons('- say: "Hi"\n  with: { zip: new_zip }')).toEqual(["invalid-step: `with:` is on a `say` step, but it belongs on a `do` or `handoff`."]);
  });

  it("is in the JSON Schema on do: and handoff: only, as a mapping of names to expressions", () => {
    const steps = (skillBlocksSchema().$defs as Record<string, { oneOf: Array<{ title: string; properties: Record<string, unknown> }> }>).step.oneOf;
    expect(steps.filter((b) => "with" in b.properties).map((b) => b.title)).toEqual(["do", "handoff"]);
    expect(steps.find((b) => b.title === "do")!.properties.with).toMatchObject({ type: "object", additionalProperties: { $ref: "#/$defs/expression" } });
  });
});

describe("with: in the editor", () => {
  const source = text("- do: set_address\n  with: { zip: new_zip, city: city_of.city }");
  const skill = withTools(parseSkill(source, "t/SKILL.md").skill);
  const line = source.split("\n").findIndex((l) => l.includes("with:"));

  it("completes the tool's inputs as keys, and names in a value", () => {
    const edited = source.replace("with: { zip: new_zip,", "with: { zip: new_zip, ci");
    const keys = completeAt(edited, { line, character: edited.split("\n")[line]!.indexOf(" ci") + 3 }, skill);
    expect(keys.map((c) => c.label)).toEqual(["zip", "city"]);
    const values = completeAt(source, { line, character: source.split("\n")[line]!.indexOf("new_zip") + 3 }, skill);
    expect(values.map((c) => c.label)).toContain("new_zip");
  });

  it("hovers an input with its type", () => {
    const hover = hoverAt(source, { line, character: source.split("\n")[line]!.indexOf("zip") + 1 }, skill);
    expect(hover).toMatch(/^\*\*`zip`\*\* · input of `set_address`: `string`/);
    expect(hover).toContain("Bound here by `with:` instead of by name.");
  });

  it("completes and hovers a lookup's inputs in its with:, which binds it wherever it is read", () => {
    const lookup = text("- do: city_of\n  with: { new_zip: '\"10001\"' }");
    const at = lookup.split("\n").findIndex((l) => l.includes("with:"));
    const parsed = withTools(parseSkill(lookup, "t/SKILL.md").skill);
    const edited = lookup.replace("with: { new_zip:", "with: { ne");
    expect(completeAt(edited, { line: at, character: edited.split("\n")[at]!.indexOf(" ne") + 3 }, parsed).map((c) => c.label)).toEqual(["new_zip"]);
    const hover = hoverAt(lookup, { line: at, character: lookup.split("\n")[at]!.indexOf("new_zip") + 1 }, parsed);
    expect(hover).toContain("Bound wherever `city_of` runs or is read by `with:` instead of by name.");
  });
});

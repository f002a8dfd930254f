/**
 * Issue 38 (B): `repeat … until` in the language server. `until` and `at_most` hover with their
 * description, the step's own keys complete `exhausted`, `until:`'s value completes
 * as an expression (the loop's names in it), and a field asked in `exhausted:` hovers as any other.
 */
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";

const text = (steps: string) => `---
name: t
description: A test skill.
---

## Fields

\`\`\`yaml
note: { text: true, description: the developer's note }
reason: { text: true, description: why the loop gave up }
\`\`\`

## Steps

\`\`\`yaml
${steps.trim()}
\`\`\`
`;
const LOOP = `- repeat: { until: "note == 'ok'", at_most: 3, for: round }
  steps:
    - ask: { note: "Note for round {round}?" }
  exhausted:
    - ask: { reason: "Why give up?" }`;

describe("repeat … until in the editor", () => {
  const source = text(LOOP);
  const skill = parseSkill(source, "t/SKILL.md").skill!;
  const lines = source.split("\n");
  const loopLine = lines.findIndex((l) => l.includes("- repeat:"));

  it("completes exhausted among the keys beside repeat:, and describes until and at_most on hover", () => {
    const keyEdited = text(LOOP.slice(0, LOOP.indexOf("  exhausted:")) + "  exh");
    const at = keyEdited.split("\n").findIndex((l) => l === "  exh");
    expect(completeAt(keyEdited, { line: at, character: 5 }, skill).map((c) => c.label)).toContain("exhausted");
    const until = hoverAt(source, { line: loopLine, character: lines[loopLine]!.indexOf("until") + 1 }, skill);
    expect(until).toContain("A loop that ends on a condition");
    const atMost = hoverAt(source, { line: loopLine, character: lines[loopLine]!.indexOf("at_most") + 1 }, skill);
    expect(atMost).toContain("the most passes the loop runs");
  });

  it("completes the names in scope inside until:", () => {
    const character = lines[loopLine]!.indexOf("note ==") + 2;
    expect(completeAt(source, { line: loopLine, character }, skill).map((c) => c.label)).toEqual(expect.arrayContaining(["note", "round"]));
  });

  it("hovers a field asked in exhausted:", () => {
    const line = lines.findIndex((l) => l.includes("Why give up?"));
    expect(hoverAt(source, { line, character: lines[line]!.indexOf("reason") + 1 }, skill)).toContain("why the loop gave up");
  });
});

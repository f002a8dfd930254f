/**
 * `switch` and `else:` in the editor: completion offers `switch` among the kinds, `cases:` and `else:`
 * inside it, `else:` beside a `when`'s `steps:`, and the step keys inside a case; hover on a field asked
 * inside a case finds that ask (the step ids of the ways number on across them).
 */
import { describe, expect, it } from "vitest";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";
import { stepOf } from "../../src/edit/spot-of.js";
import { parseSkill } from "../../src/format/parse-skill.js";

const text = (steps: string) =>
  `---\nname: t\ndescription: t\n---\n## Fields\n\n\`\`\`yaml\nmethod: { choices: [card, gift] }\ngift_id: { text: true }\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps}\n\`\`\`\n`;
const lineOf = (s: string, needle: string) => s.split("\n").findIndex((l) => l.includes(needle));
const labels = (source: string, needle: string, character: number) =>
  completeAt(source, { line: lineOf(source, needle), character }, undefined).map((c) => c.label);

describe("switch in the editor", () => {
  it("completes switch among the kinds, cases: and else: inside it, else: beside a when's steps", () => {
    expect(labels(text("- sw"), "- sw", 4)).toContain("switch");
    expect(labels(text("- switch: method\n  c"), "  c", 3)).toEqual(expect.arrayContaining(["cases", "else"]));
    expect(labels(text("- when: true\n  steps: [ { say: hi } ]\n  e"), "  e", 3)).toContain("else");
  });

  it("completes step keys inside a case", () => {
    const source = text("- switch: method\n  cases:\n    gift:\n      - ask: { gift_id: \"Which?\" }\n        fr");
    expect(labels(source, "        fr", 10)).toEqual(expect.arrayContaining(["from", "check"]));
  });

  it("finds the step of a later way by its id, numbered on across the ways", () => {
    const source = text("- ask: { method: \"How?\" }\n- switch: method\n  cases:\n    card:\n      - say: a\n      - say: b\n    gift:\n      - ask: { gift_id: \"Which gift card?\" }");
    const skill = parseSkill(source, "t/SKILL.md").skill!;
    expect(stepOf([1, "cases", "gift", 0], skill)?.id).toBe("2.3");
    expect(stepOf([1, "cases", "card", 1], skill)?.id).toBe("2.2");
    const line = lineOf(source, "gift_id: \"Which");
    const hover = hoverAt(source, { line, character: source.split("\n")[line]!.indexOf("gift_id") + 2 }, skill);
    expect(hover).toContain("Which gift card?");
  });
});

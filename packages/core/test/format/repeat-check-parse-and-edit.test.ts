/**
 * `check:` on a `repeat` in the parser and the editor: the IR keeps the checks on the repeat, the JSON
 * Schema takes `check:` on a repeat only beside `as:`, and the language server offers `check` as a key
 * of a repeat step and the gathered list's name inside its condition.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseSkill } from "../../src/format/parse-skill.js";
import { skillBlocksSchema } from "../../src/format/skill-schema.js";
import { completeAt } from "../../src/edit/complete-at.js";
import { hoverAt } from "../../src/edit/hover-at.js";

const source = readFileSync(new URL("../../../../test/fixtures/loops/split-payment/SKILL.md", import.meta.url), "utf8");
const lines = source.split("\n");

describe("check: on a repeat in the parser", () => {
  it("keeps the checks on the repeat, with the message as a template", () => {
    const { skill, diagnostics } = parseSkill(source, "t/SKILL.md");
    expect(diagnostics).toEqual([]);
    const repeat = skill!.steps[2]!;
    expect(repeat).toMatchObject({ kind: "repeat", gather: { name: "payments" } });
    const [check] = repeat.kind === "repeat" ? repeat.checks! : [];
    expect(check!.condition.source).toBe("round(sum(payments.map(p, p.amount)), 2) == find_booking.total");
    expect(check!.text.parts.filter((p) => typeof p !== "string").map((p) => (p as { source: string }).source))
      .toEqual(["money(sum(payments.map(p, p.amount)))", "money(find_booking.total)"]);
  });

  it("is in the JSON Schema on ask and repeat, and on a repeat only with as:", () => {
    const steps = (skillBlocksSchema().$defs as Record<string, { oneOf: Array<{ title: string; properties: Record<string, unknown>; dependentSchemas?: unknown }> }>).step.oneOf;
    expect(steps.filter((b) => "check" in b.properties).map((b) => b.title)).toEqual(["ask", "repeat"]);
    expect(steps.find((b) => b.title === "repeat")!.dependentSchemas).toMatchObject({ check: { properties: { repeat: { type: "object", properties: { as: {} }, required: ["as"] } } } });
  });
});

describe("check: on a repeat in the editor", () => {
  const skill = parseSkill(source, "t/SKILL.md").skill!;

  it("offers check as a key of a repeat step", () => {
    const start = source.indexOf("  check:\n");
    const edited = source.slice(0, start) + "  ch\n" + source.slice(source.indexOf("- confirm:"));
    const at = edited.split("\n").indexOf("  ch");
    expect(completeAt(edited, { line: at, character: 4 }, skill).map((c) => c.label)).toContain("check");
  });

  it("completes and hovers the gathered list inside the condition", () => {
    const at = lines.findIndex((l) => l.includes('"round(sum(payments'));
    const column = lines[at]!.indexOf("payments") + 3;
    expect(completeAt(source, { line: at, character: column }, skill).map((c) => c.label)).toContain("payments");
    expect(hoverAt(source, { line: at, character: column }, skill)).toMatch(/^\*\*`payments`\*\* · the answers of every pass of a `repeat` \(`as:`\): `list<\{ method: dyn, amount: double \}>`$/);
  });
});

describe("check: on a repeat … until", () => {
  it("does not load: picking a pass to change is built for loops over a list", () => {
    const text = source.replace(
      /- repeat: \{ for: method, in: "[^"]*", as: payments \}/,
      '- repeat: { until: "size(payments) >= 1", at_most: 3, as: payments }',
    );
    expect(text).not.toBe(source);
    const { diagnostics } = parseSkill(text, "t/SKILL.md");
    const refusal = diagnostics.find((d) => d.ruleId === "invalid-step" && d.reason.includes("`check:` is on a `repeat … until`"));
    expect(refusal).toBeDefined();
  });
});

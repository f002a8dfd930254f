/**
 * Issue 38 (B): `repeat … until` in the parser and in `flow check`. A loop without a bound, with both
 * `in:` and `until:`, or with a bound out of range does not load, each with one located sentence; a write
 * in the body is covered only by a confirm in the body (one above the loop cannot list writes of passes
 * not yet known), and the message says why; the body's fields and tools are per pass, read after the loop
 * only through `as:`; `as:` is typed inside the body as the earlier passes; `until` is a yes/no in the
 * body's scope.
 */
import { describe, expect, it } from "vitest";
import { checkSkill } from "../../src/check/index.js";
import { parseSkill } from "../../src/format/parse-skill.js";
import type { RepeatStep } from "../../src/format/ir.js";
import { lookupTool, obj, skillFromText, str, writeTool } from "../helpers/skill-text.js";

const FIELDS = "ticket: { text: true }\nnote: { text: true }";
const TOOLS = [
  writeTool("develop", { ticket: str, note: str }, obj({ patch_id: str })),
  lookupTool("review", { patch_id: str }, obj({ verdict: str })),
];
const check = (steps: string) => checkSkill(skillFromText(FIELDS, steps, TOOLS)).map((d) => `${d.ruleId}: ${d.reason}`);
const parse = (steps: string) => parseSkill(["---", "name: t", "description: A test skill.", "---", "## Steps", "```yaml", steps.trim(), "```", ""].join("\n"), "t/SKILL.md")
  .diagnostics.filter((d) => d.severity === "error").map((d) => `${d.line}:${d.column} ${d.ruleId}: ${d.reason}`);

const BODY = `  steps:
    - ask: { note: "What now?" }
    - confirm: { work: "Work on {ticket}: {note}?" }
    - do: develop
    - do: review`;

describe("repeat … until in the parser", () => {
  it("reads until, at_most, for, as and exhausted (numbered after the body)", () => {
    const skill = skillFromText(FIELDS, `- repeat: { until: "review.verdict == 'approve'", at_most: 3, for: round, as: rounds }\n${BODY}\n  exhausted:\n    - say: "Gave up."`, TOOLS);
    const loop = skill.steps[0] as RepeatStep;
    expect(loop.until).toMatchObject({ condition: { source: "review.verdict == 'approve'" }, atMost: 3, named: true });
    expect(loop.item).toBe("round");
    expect(loop.until!.exhausted!.map((s) => s.id)).toEqual(["1.5"]);
    expect(loop.steps.map((s) => s.id)).toEqual(["1.1", "1.2", "1.3", "1.4"]);
  });

  it("refuses a loop with no bound, with both in: and until:, with a bound out of range, and exhausted: on a list", () => {
    expect(parse(`- repeat: { until: "x" }\n  steps: [ { say: "x" } ]`)).toEqual([
      "7:11 invalid-step: This `repeat: { until: … }` has no `at_most:`, so it could repeat forever: a loop that repeats until a condition needs a bound.",
    ]);
    expect(parse(`- repeat: { for: i, in: "[1]", until: "x", at_most: 2 }\n  steps: [ { say: "x" } ]`)).toEqual([
      "7:11 invalid-step: This `repeat:` has both `in:` and `until:`: a loop goes through a list or repeats until a condition, not both.",
    ]);
    for (const bound of ["0", "101", "2.5", "three"]) {
      expect(parse(`- repeat: { until: "x", at_most: ${bound} }\n  steps: [ { say: "x" } ]`)[0]).toMatch(/`at_most:` is .*, not a whole number from 1 to 100\./);
    }
    expect(parse(`- repeat: { for: i, in: "[1]" }\n  steps: [ { say: "x" } ]\n  exhausted: [ { say: "y" } ]`)).toEqual([
      "9:3 invalid-step: `exhausted:` is on a `repeat` over a list, which never runs out of passes: it goes through the list once.",
    ]);
    expect(parse(`- repeat: { at_most: 2 }\n  steps: [ { say: "x" } ]`)[0]).toContain("`at_most:` is on a `repeat` without `until:`");
  });
});

describe("repeat … until in flow check", () => {
  it("takes a loop whose writes are confirmed in the body, reading as: inside and after it", () => {
    expect(check(`- ask: { ticket: "Which?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 3, for: round, as: rounds }
${BODY}
    - say: "Round {round} after {size(rounds)} earlier: {review.verdict}."
  exhausted:
    - say: "No approval after {size(rounds)} rounds: {rounds.map(r, r.review.verdict)}."
- say: "Done: {rounds.map(r, r.note + ' ' + r.develop.patch_id)}."`)).toEqual([]);
  });

  it("refuses a write in the body covered only by a confirm above the loop, saying why", () => {
    expect(check(`- ask: { ticket: "Which?" }
- ask: { note: "What?" }
- confirm: { work: "Work on {ticket}: {note}?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 3 }
  steps:
    - do: develop
    - do: review`)).toEqual([
      "confirm-covers-nothing: The confirm `work` covers no write: no `do:` of a write follows it without an ask in between of something that write takes.",
      "ungated-write: in a pass of the `repeat … until` at line 10, `develop` runs with no confirm above it: a confirm above a `repeat … until` does not cover the writes of its passes (how many passes run, and with which values, is known only as they run), so each pass must confirm its own.",
    ]);
  });

  it("keeps the body's fields and tools to the pass: after the loop they are read through as: only", () => {
    const found = check(`- ask: { ticket: "Which?" }
- repeat: { until: "review.verdict == 'approve'", at_most: 3, as: rounds }
${BODY}
- say: "Last note: {note}."`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^used-before-asked: `note` is asked inside the `repeat` at line 8, once per element/);
  });

  it("types until as a yes/no in the body's scope, and as: as the passes' records", () => {
    expect(check(`- ask: { ticket: "Which?" }\n- repeat: { until: "review.verdict", at_most: 3, for: round }\n${BODY}`)).toEqual([
      "ill-typed-condition: `review.verdict` is text (string), not a yes/no, so it cannot be a condition.",
    ]);
    expect(check(`- ask: { ticket: "Which?" }\n- repeat: { until: "round == 'x'", at_most: 3, for: round }\n${BODY}`)[0]).toMatch(/^ill-typed-condition: `round == 'x'` does not type-check/);
    expect(check(`- ask: { ticket: "Which?" }\n- repeat: { until: "size(rounds) > 1 && rounds[0].review.verdict == 1", at_most: 3, as: rounds }\n${BODY}`)[0]).toMatch(/^ill-typed-condition: .* does not type-check/);
  });
});

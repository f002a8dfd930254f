/**
 * Issue 38 (B): `flow procedure` on a `repeat … until`. The step reads "Repeat, at most 3 times, until
 * …; when the 3rd pass ends without it: …" (the exhausted: steps, or going on after the loop), a field
 * asked in it is asked in each pass, and the ways through the flow name the way out when the bound is
 * reached apart from the way out when the condition holds.
 */
import { describe, expect, it } from "vitest";
import { buildProcedure } from "../../src/procedure/build-procedure.js";
import { renderProcedure } from "../../src/procedure/render-procedure.js";
import { lookupTool, obj, skillFromText, str, bool, writeTool } from "../helpers/skill-text.js";

const FIELDS = "ticket: { text: true }\nnote: { text: true }";
const TOOLS = [
  writeTool("develop", { ticket: str, note: str }, obj({ patch_id: str })),
  lookupTool("review", { patch_id: str }, obj({ approved: bool })),
];
const loop = (exhausted: string) => `- ask: { ticket: "Which ticket?" }
- repeat: { until: review.approved, at_most: 3, for: round, as: rounds }
  steps:
    - ask: { note: "What should change in round {round}?" }
    - confirm: { work: "Work on {ticket}: {note}?" }
    - do: develop
    - do: review
${exhausted}- say: "Done after {size(rounds)} rounds."`;

describe("repeat … until in flow procedure", () => {
  it("says the bound, the condition and what runs when the bound is reached", () => {
    const skill = skillFromText(FIELDS, loop("  exhausted:\n    - say: \"Giving up.\"\n"), TOOLS);
    const md = renderProcedure(skill, "md");
    expect(md).toContain("- **2** Repeat, at most 3 times, until `review.approved`; when the 3rd pass ends without it: step 2.5 runs");
    expect(md).toContain("The pass number is `round`, 1 for the first");
    expect(md).toContain("The passes are gathered, in order, as `rounds`: one record per pass with `note` and the results of `develop` and `review`; inside the loop it holds the earlier passes");
    expect(md).toContain("  - **2.5** Say: \"Giving up.\"");
    expect(md).toContain("| `note` | 2.1 (each pass) |");
    const ways = buildProcedure(skill).ways;
    expect(ways.kind).toBe("list");
    if (ways.kind !== "list") return;
    expect(ways.ways.map((w) => w.steps)).toEqual([["1", "2", "2.1", "2.2", "2.3", "2.4", "2.5", "3"], ["1", "2", "2.1", "2.2", "2.3", "2.4", "3"]]);
    expect(JSON.stringify(ways.ways[0]!.conditions)).toContain("the 3rd pass of step 2 ends and");
    expect(JSON.stringify(ways.ways[1]!.conditions)).toContain(" by the 3rd pass of step 2");
  });

  it("says the flow goes on after the loop when there is no exhausted:", () => {
    const md = renderProcedure(skillFromText(FIELDS, loop(""), TOOLS), "md");
    expect(md).toContain("Repeat, at most 3 times, until `review.approved`; when the 3rd pass ends without it: the flow goes on after the loop");
  });
});

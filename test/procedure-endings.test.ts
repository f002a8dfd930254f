/**
 * The procedure of a skill that ends by name and declares its limits: each way through the flow names
 * the outcome it reaches (or that it reaches none), the step reads as an end with its status, and a
 * "Limits" section states the skill's own limits — in the Markdown and the HTML alike. A skill with no
 * `end` and no limits reads as before (no outcome lines, no Limits section).
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadSkill } from "@skillflow/core/loader";
import { buildProcedure, renderProcedure, type Skill } from "@skillflow/core";

const root = fileURLToPath(new URL("..", import.meta.url));
const load = async (path: string): Promise<Skill> => {
  const loaded = await loadSkill(join(root, path));
  if (!loaded.skill) throw new Error(`${path} does not load`);
  return loaded.skill;
};

describe("the procedure of endings and limits", () => {
  it("names the outcome of every way, and states the limits", async () => {
    const skill = await load("test/fixtures/endings/library-loan");
    const md = renderProcedure(skill, "markdown");
    expect(md).toContain("- **2.1** End the conversation as `card_invalid` (failed), and say: \"Card {card} cannot borrow books ({check_card.reason}), so nothing was lent.\"");
    expect(md).toContain("- Outcome: `card_invalid` (failed, step 2.1)");
    expect(md).toContain("- Outcome: `loan_recorded` (success, step 7)");
    expect(md).toContain("## Limits\n\n- Each message: at most 1 model call.\n- The whole conversation: at most 2 model calls and 100000 tokens.");
    const html = renderProcedure(skill, "html");
    expect(html).toContain("<h2>Limits</h2>");
    expect(html).toContain("Outcome: <code>loan_recorded</code> (success, step 7)");
  });

  it("says a way reaches no outcome when the skill names outcomes and that way runs past its last step", async () => {
    const skill = await load("test/fixtures/checks/way-without-outcome");
    const ways = buildProcedure(skill).ways;
    expect(ways.kind).toBe("list");
    const outcomes = ways.kind === "list" ? ways.ways.map((w) => w.outcome) : [];
    expect(outcomes).toEqual([[{ code: "nothing_renewed" }, " (success, step 3.1)"], ["none: the flow runs past its last step"]]);
  });

  it("adds nothing to a skill with no end and no limits", async () => {
    const skill = await load("skills/conference-trip");
    const procedure = buildProcedure(skill);
    expect(procedure.limits).toBeUndefined();
    expect(JSON.stringify(procedure.ways)).not.toContain("outcome");
  });
});

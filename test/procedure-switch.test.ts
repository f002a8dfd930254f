/**
 * The procedure of a skill with `switch` and `when … else`: the step reads "If … is …: steps …;
 * otherwise: …", and the ways are one per branch (the deploy pipeline has 5: one per way that ends,
 * not one per combination of independent conditions), each named by the value that takes it.
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

describe("the procedure of switch and when … else", () => {
  it("says which steps each way runs", async () => {
    const md = renderProcedure(await load("skills/deploy-pipeline"), "markdown");
    expect(md).toContain("- **6** If every test passed: step 6.1; otherwise: step 6.2.");
    expect(md).toContain("- **8** If the risk level is `high`: step 8.1; if it is `acceptable`: step 8.2; if it is `low`: step 8.3.");
  });

  it("lists one way per branch, each named by its value and ending where it ends", async () => {
    const ways = buildProcedure(await load("skills/deploy-pipeline")).ways;
    expect(ways.kind).toBe("list");
    if (ways.kind !== "list") return;
    expect(ways.ways.map((w) => w.steps.at(-1))).toEqual(["8.1", "11", "11", "6.2", "4.2"]);
    const md = renderProcedure(await load("skills/deploy-pipeline"), "markdown");
    expect(md).toContain("- When the risk level is \"acceptable\"");
    expect(md).toContain("- Outcome: `tests_failed` (failed, step 6.2)");
  });

  it("gives the approval of one way as a condition of the write after the switch", async () => {
    const md = renderProcedure(await load("skills/deploy-pipeline"), "markdown");
    expect(md).toContain("- Approval: the `release_manager` role approves `release` (step 8.2), only when the risk level is \"acceptable\"");
  });
});

describe("the grouped ways of a switch", () => {
  it("counts a way per case, runs the switch step always, and gives each case its own steps", async () => {
    const ways = buildProcedure(await load("test/fixtures/switch/grouped-ways")).ways;
    expect(ways.kind).toBe("grouped");
    if (ways.kind !== "grouped") return;
    expect(ways.total).toBe(2 * 2 * 2 * 3);
    expect(ways.always).toEqual(["1", "2", "3", "4", "8", "9"]);
    expect(ways.effects.filter((e) => e.number === "8").map((e) => e.adds)).toEqual([["8.1"], ["8.2"], ["8.3"]]);
  });
});

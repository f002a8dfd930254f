/**
 * The retail store's cards in words (issue 36): each write carries its card words in tools.ts, so every
 * retail skill reads a write as a sentence — "Cancel order #W1654931 (reason: ordered by mistake) and
 * refund every payment, on account liam_thomas_7882" — with no skill file to change; the writes of item
 * ids have words on their `do:` step instead, naming the items and their options ("Return Backpack
 * (color: black, …) from order #W1867876 (item lines 6906307980), …": the proofs of those skills read
 * them). Every `do:` of a write in every retail skill shows each of its inputs in the words or lists it
 * under them (nothing falls back to a raw key), and the words render over the very inputs the write
 * receives.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSkill, createExpressions, describeTool, type DoStep, type Step, type Template } from "@skillflow/core";
import { loadSkill } from "@skillflow/core/loader";
import { cardInputTypes, cardPlanOf } from "../../packages/core/src/compile/card-words.js";
import { splitTemplate } from "../../packages/core/src/format/parse-template.js";
import defaultTools from "../../skills/retail/tools.js";

const RETAIL = join(import.meta.dirname, "../../skills/retail");
const skills = readdirSync(RETAIL, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(RETAIL, d.name, "SKILL.md"))).map((d) => d.name);

function doSteps(steps: readonly Step[]): DoStep[] {
  return steps.flatMap((s) => (s.kind === "do" ? [s] : s.kind === "when" || s.kind === "repeat" ? doSteps(s.steps) : []));
}

/** The writes whose words are on their `do:` step (item names and options), and the inputs listed under those words. */
const STEP_WORDS: Record<string, string[]> = {
  return_delivered_order_items: ["user_id"],
  modify_pending_order_items: ["item_ids", "new_item_ids", "user_id"],
  exchange_delivered_order_items: ["item_ids", "new_item_ids", "user_id"],
};

describe("the retail store's cards in words", () => {
  it.each(skills)("%s: every write's card words show every input, and check clean", async (name) => {
    const { skill } = await loadSkill(join(RETAIL, name), { importTimeoutMs: 60_000 });
    expect(skill, `${name} loads`).toBeDefined();
    expect(checkSkill(skill!).filter((d) => d.ruleId === "card-words")).toEqual([]);
    for (const step of doSteps(skill!.steps).filter((s) => skill!.tools[s.tool]?.kind === "write")) {
      const tool = skill!.tools[step.tool]!;
      const plan = cardPlanOf(skill!, step);
      const listed = tool.params.map((p) => p.name).filter((p) => !plan.shown.has(p)).sort();
      // A write of item ids has words on its step that name the items (and their options); the inputs
      // the words cannot print plainly are listed under them with their labels.
      expect(plan.from, `${step.tool} has card words`).toBe(Object.hasOwn(STEP_WORDS, step.tool) ? "step" : "tool");
      expect(listed, `${step.tool}'s inputs listed under its words`).toEqual(STEP_WORDS[step.tool] ?? []);
    }
  }, 120_000);

  it("renders the words over a write's inputs: ids kept where a customer needs them, the address as one line", () => {
    const infos = Object.fromEntries(defaultTools.map((t) => [t.name, describeTool(t)]));
    const exprs = createExpressions({ file: "x", name: "x", description: "", prose: "", title: "x", fields: {}, steps: [], tools: infos, blocks: {} });
    const render = (tool: string, inputs: Record<string, unknown>) => {
      const info = infos[tool]!;
      const parts = splitTemplate(info.card!).parts.map((p) => (typeof p === "string" ? p : { source: p.source, pos: { line: 1, column: 1 } }));
      const template: Template = { source: info.card!, pos: { line: 1, column: 1 }, parts };
      return exprs.render(template, inputs, { loopVars: cardInputTypes(info) });
    };
    expect(render("cancel_pending_order", { user_id: "liam_thomas_7882", order_id: "#W1654931", reason: "ordered by mistake" }))
      .toEqual({ ok: true, text: "Cancel order #W1654931 (reason: ordered by mistake) and refund every payment, on account liam_thomas_7882" });
    const address = { address1: "10 Elm St", address2: "", city: "Austin", state: "TX", zip: "78701", country: "USA" };
    expect(render("modify_user_address", { user_id: "omar_kim_3528", ...address }))
      .toEqual({ ok: true, text: "Change the default address of account omar_kim_3528 to 10 Elm St, Austin, TX 78701, USA" });
    expect(render("modify_pending_order_address", { user_id: "u", order_id: "#W1", ...address, address2: "Apt 4" }))
      .toEqual({ ok: true, text: "Ship order #W1 to 10 Elm St, Apt 4, Austin, TX 78701, USA instead, on account u" });
    expect(render("return_delivered_order_items", { user_id: "u", order_id: "#W1", item_ids: ["1234567890", "2345678901"], payment_method_id: "gift_card_1" }))
      .toEqual({ ok: true, text: "Return items 1234567890, 2345678901 of order #W1, refunded to gift_card_1, on account u" });
  });
});

/**
 * What a write's line on a confirmation card reads, for the procedure: its card words as written (the
 * `do:` step's `card:`, or the tool's `card` in tools.ts), and the inputs listed under them because the
 * words leave them out — or, with no card words, the description or name it falls back to. The same plan
 * the runtime renders (compile/card-words.ts). Pure.
 */
import { cardPlanOf } from "../compile/card-words.js";
import type { DoStep, Skill } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import { code, inline, joinList, quoted } from "./inline.js";
import type { Inline } from "./model.js";

/** "On the card: "Hold flight {flight_id}", then `cabin` listed under it with its description." */
export function describeCard(skill: Skill, step: DoStep): Inline {
  const tool = ownValue(skill.tools, step.tool);
  if (!tool) return [];
  const plan = cardPlanOf(skill, step);
  const left = tool.params.filter((p) => !plan.shown.has(p.name)).map((p) => inline(code(p.name)));
  const under = left.length === 0 ? [] : inline(", then ", joinList(left), left.length === 1 ? " listed under it, with its description" : " listed under it, each with its description");
  if (plan.template) {
    const where = plan.from === "tool" ? " (the tool's card words in tools.ts)" : "";
    return inline("On the card: ", quoted(plan.template.source), where, under, ".");
  }
  const fallback = tool.description?.trim() ? "its description" : inline("its name, ", quoted(tool.name.replace(/_/g, " ")));
  return inline("On the card (no card words): ", fallback, under, ".");
}

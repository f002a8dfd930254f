/**
 * A skill's own limits (its `## Limits` block) under the host's: for each measure of each scope the
 * smaller of the two wins, and a measure only one of them sets is that one's, so a host can lower a
 * skill's limit and never raise it. Each hosted skill that declares limits gets its budget, resolved
 * once when the flow is created (a cost limit needs the model's price, as the host's does); a message
 * read for that skill is checked against it, any other against the host's alone.
 */
import type { SkillLimits } from "@skillflow/core";
import type { HostDeps, HostedSkill } from "../graph/host-deps.js";
import { MEASURES, resolveBudget, SCOPES, type Budget, type BudgetScope, type UsageLimits } from "./budget-limits.js";
import type { ModelPrices } from "./model-prices.js";

type HostLimits = Partial<Record<BudgetScope, UsageLimits | undefined>> | undefined;

/** The host's limits capped by the skill's: the smaller of each measure. Pure. */
export function capLimits(host: HostLimits, skill: SkillLimits): Record<BudgetScope, UsageLimits> {
  const capped: Record<BudgetScope, UsageLimits> = { turn: {}, conversation: {} };
  for (const scope of SCOPES) {
    for (const measure of MEASURES) {
      const values = [host?.[scope]?.[measure], skill[scope][measure]].filter((v): v is number => v !== undefined);
      if (values.length > 0) capped[scope][measure] = Math.min(...values);
    }
  }
  return capped;
}

/** The budget of every hosted skill that declares limits, by name. Throws `BudgetError` as `resolveBudget` does. */
export function skillBudgets(skills: HostedSkill[], host: HostLimits, modelId: string, prices: ModelPrices | undefined): Record<string, Budget> {
  const budgets: Record<string, Budget> = {};
  for (const { skill } of skills) {
    if (!skill.limits) continue;
    const budget = resolveBudget(capLimits(host, skill.limits), modelId, prices);
    if (budget) budgets[skill.name] = budget;
  }
  return budgets;
}

/** The budget a message read for `active` is checked against (the one skill of a one-skill flow), or undefined. Pure. */
export function budgetFor(deps: HostDeps, active: string | null | undefined): Budget | undefined {
  const name = active ?? (deps.skills.length === 1 ? deps.skills[0]!.skill.name : undefined);
  const own = name !== undefined && deps.skillBudgets && Object.hasOwn(deps.skillBudgets, name) ? deps.skillBudgets[name] : undefined;
  return own ?? deps.budget;
}

/**
 * Budgets: limits on the model calls, tokens and estimated cost of one turn and of a whole
 * conversation (`createFlow({ limits: { turn, conversation } })`, `flow serve --limit`), checked when
 * the flow is created. A budget is resolved once into what the check needs: the limits, and the price
 * of the flow's model when a cost limit is set. Every mistake is one sentence (`BudgetError`).
 */
import { DEFAULT_PRICES, priceOf, type ModelPrice, type ModelPrices } from "./model-prices.js";

/** The limits of one scope; absent: no limit. */
export interface UsageLimits {
  /** Model calls. */
  modelCalls?: number | undefined;
  /** Input plus output tokens (thinking included), as the provider reports them. */
  tokens?: number | undefined;
  /** Estimated cost, in the prices' currency (USD for the defaults). */
  cost?: number | undefined;
}

export const SCOPES = ["turn", "conversation"] as const;
export type BudgetScope = (typeof SCOPES)[number];
export const MEASURES = ["modelCalls", "tokens", "cost"] as const;
export type BudgetMeasure = (typeof MEASURES)[number];

/** What the check reads: the limits of each scope, and the model's price when a cost is limited. */
export interface Budget {
  turn: UsageLimits;
  conversation: UsageLimits;
  price?: ModelPrice;
}

export class BudgetError extends Error {
  override name = "BudgetError";
}

/** The budget of a flow, or undefined when no limit is set. Throws `BudgetError` on a wrong limit or a missing price. */
export function resolveBudget(
  limits: Partial<Record<BudgetScope, UsageLimits | undefined>> | undefined, modelId: string, prices: ModelPrices | undefined,
): Budget | undefined {
  const budget: Budget = { turn: {}, conversation: {} };
  let any = false;
  for (const scope of SCOPES) {
    for (const measure of MEASURES) {
      const value = limits?.[scope]?.[measure];
      if (value === undefined) continue;
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (measure !== "cost" && !Number.isInteger(value))) {
        throw new BudgetError(`limits.${scope}.${measure} must be ${measure === "cost" ? "a number" : "a whole number"} of at least 0, not ${JSON.stringify(value)}.`);
      }
      budget[scope][measure] = value;
      any = true;
    }
  }
  if (!any) return undefined;
  if (budget.turn.cost !== undefined || budget.conversation.cost !== undefined) {
    const price = priceOf({ ...DEFAULT_PRICES, ...prices }, modelId);
    if (!price) throw new BudgetError(`A cost limit needs the price of the model ${modelId}: give prices: { "${modelId}": { input, output } } (per million tokens).`);
    budget.price = price;
  }
  return budget;
}

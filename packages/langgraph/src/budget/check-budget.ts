/**
 * Whether the next model call fits the budget. Checked before every model call, never anywhere else:
 * a budget stops model calls only. Picks, presses, typed secrets and approvals need none, so they go on
 * past a budget, and a write chain already confirmed runs to its end (its writes are not model calls).
 *
 * A limit is reached when it is used up, or when what the call is known to add — one call, the input
 * tokens of its prompt (counted before sending, at least what the provider will count), their cost at
 * the model's price — would take it past the limit. The reply's tokens are known only afterwards: a
 * call may end a little past a token or cost limit, and the next call is then refused. Pure.
 */
import type { Usage } from "@skillflow/core";
import type { Budget, BudgetMeasure, BudgetScope, UsageLimits } from "./budget-limits.js";
import { costOf, type ModelPrice } from "./model-prices.js";

/** A limit the next call would pass: which, what it allows, what was used, and the sentence said. */
export interface BudgetReached {
  limit: `${BudgetScope}.${BudgetMeasure}`;
  max: number;
  used: number;
  message: string;
}

/** Whether a token or cost limit is set (only then are the prompt's tokens counted). Pure. */
export function countsTokens(budget: Budget): boolean {
  return [budget.turn, budget.conversation].some((l) => l.tokens !== undefined || l.cost !== undefined);
}

/** The first limit the next call would pass (the turn's first), or undefined. Pure. */
export function budgetReached(budget: Budget, turn: Usage, conversation: Usage, promptTokens: number): BudgetReached | undefined {
  return reachedIn("turn", budget.turn, turn, promptTokens, budget.price) ?? reachedIn("conversation", budget.conversation, conversation, promptTokens, budget.price);
}

function reachedIn(scope: BudgetScope, limits: UsageLimits, usage: Usage, promptTokens: number, price: ModelPrice | undefined): BudgetReached | undefined {
  const measures: Array<[BudgetMeasure, number, number]> = [
    ["modelCalls", usage.modelCalls, 1],
    ["tokens", usage.totalTokens, promptTokens],
    ["cost", price ? costOf(price, usage.inputTokens, usage.outputTokens) : 0, price ? costOf(price, promptTokens, 0) : 0],
  ];
  for (const [measure, used, next] of measures) {
    const max = limits[measure];
    if (max === undefined || (used < max && used + next <= max)) continue;
    return { limit: `${scope}.${measure}`, max, used: round(used), message: sentence(scope, describeLimit(measure, max)) };
  }
  return undefined;
}

function sentence(scope: BudgetScope, what: string): string {
  return scope === "conversation"
    ? `Stopped: this conversation has used its limit of ${what}, so this message was not read and nothing was changed.`
    : `Stopped: reading this message would take more than the ${what} one message may use, so it was not read and nothing was changed.`;
}

/** `3 model calls`, `20000 tokens`, `0.05 in estimated model cost`. Pure. */
function describeLimit(measure: BudgetMeasure, max: number): string {
  if (measure === "modelCalls") return `${max} model ${max === 1 ? "call" : "calls"}`;
  if (measure === "tokens") return `${max} tokens`;
  return `${max} in estimated model cost`;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

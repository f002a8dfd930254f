/**
 * The budget check, pure: which limit the next model call would pass, and the limits and prices a flow
 * is given (each mistake one sentence).
 */
import { describe, expect, it } from "vitest";
import type { Usage } from "@skillflow/core";
import { BudgetError, resolveBudget } from "../../src/budget/budget-limits.js";
import { budgetReached } from "../../src/budget/check-budget.js";
import { DEFAULT_PRICES, priceOf } from "../../src/budget/model-prices.js";

const usage = (modelCalls: number, inputTokens: number, outputTokens: number): Usage => ({ modelCalls, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens });
const NONE = usage(0, 0, 0);

describe("budgetReached", () => {
  it("lets a call through while the limit has room for it, and stops the one that would pass it", () => {
    const budget = resolveBudget({ conversation: { modelCalls: 2 } }, "scripted", undefined)!;
    expect(budgetReached(budget, NONE, usage(1, 100, 10), 0)).toBeUndefined();
    expect(budgetReached(budget, NONE, usage(2, 200, 20), 0)).toEqual({
      limit: "conversation.modelCalls", max: 2, used: 2,
      message: "Stopped: this conversation has used its limit of 2 model calls, so this message was not read and nothing was changed.",
    });
  });

  it("counts the prompt's input tokens before the call: 900 used + a 150-token prompt passes 1000", () => {
    const budget = resolveBudget({ conversation: { tokens: 1000 } }, "scripted", undefined)!;
    expect(budgetReached(budget, NONE, usage(3, 800, 100), 100)).toBeUndefined();
    expect(budgetReached(budget, NONE, usage(3, 800, 100), 150)?.limit).toBe("conversation.tokens");
  });

  it("prices tokens at the model's price, input and output apart", () => {
    // 1 per million input tokens, 10 per million output: 400k in + 50k out = 0.4 + 0.5 = 0.9.
    const budget = resolveBudget({ conversation: { cost: 1 } }, "acme:big", { "acme:big": { input: 1, output: 10 } })!;
    expect(budgetReached(budget, NONE, usage(4, 400_000, 50_000), 50_000)).toBeUndefined();
    const reached = budgetReached(budget, NONE, usage(4, 400_000, 50_000), 150_000);
    expect(reached).toMatchObject({ limit: "conversation.cost", max: 1, used: 0.9 });
    expect(reached!.message).toBe("Stopped: this conversation has used its limit of 1 in estimated model cost, so this message was not read and nothing was changed.");
  });

  it("checks the turn's limits first, with their own sentence", () => {
    const budget = resolveBudget({ turn: { tokens: 500 }, conversation: { modelCalls: 1 } }, "scripted", undefined)!;
    expect(budgetReached(budget, NONE, usage(1, 10, 1), 600)).toEqual({
      limit: "turn.tokens", max: 500, used: 0,
      message: "Stopped: reading this message would take more than the 500 tokens one message may use, so it was not read and nothing was changed.",
    });
  });

  it("a limit of 0 allows no call, even of a free model", () => {
    const budget = resolveBudget({ turn: { modelCalls: 0 } }, "offline", undefined)!;
    expect(budgetReached(budget, NONE, NONE, 0)?.message).toContain("the 0 model calls one message may use");
  });
});

describe("resolveBudget", () => {
  it("is undefined without a limit, so the flow counts no tokens", () => {
    expect(resolveBudget(undefined, "scripted", undefined)).toBeUndefined();
    expect(resolveBudget({ turn: {}, conversation: {} }, "scripted", undefined)).toBeUndefined();
  });

  it.each([
    [{ turn: { modelCalls: -1 } }, "limits.turn.modelCalls must be a whole number of at least 0, not -1."],
    [{ conversation: { tokens: 1.5 } }, "limits.conversation.tokens must be a whole number of at least 0, not 1.5."],
    [{ conversation: { cost: "0.5" } }, 'limits.conversation.cost must be a number of at least 0, not "0.5".'],
  ])("refuses %j in one sentence", (limits, message) => {
    expect(() => resolveBudget(limits as never, "scripted", undefined)).toThrow(new BudgetError(message));
  });

  it("needs a price for a cost limit: the defaults, a provider's `*`, or the prices given", () => {
    expect(resolveBudget({ conversation: { cost: 1 } }, "gemini:gemini-2.5-flash", undefined)!.price).toEqual({ input: 0.3, output: 2.5 });
    expect(resolveBudget({ conversation: { cost: 1 } }, "ollama:llama3.1", undefined)!.price).toEqual({ input: 0, output: 0 });
    expect(resolveBudget({ conversation: { cost: 1 } }, "gemini:gemini-2.5-flash", { "gemini:gemini-2.5-flash": { input: 0.2, output: 2 } })!.price).toEqual({ input: 0.2, output: 2 });
    expect(() => resolveBudget({ turn: { cost: 1 } }, "openai:gpt-9", undefined)).toThrow(
      'A cost limit needs the price of the model openai:gpt-9: give prices: { "openai:gpt-9": { input, output } } (per million tokens).',
    );
    expect(priceOf(DEFAULT_PRICES, "__proto__")).toBeUndefined();
  });
});

/**
 * What model calls cost, as data: a price per million input tokens and per million output tokens
 * (thinking tokens are output: `account-usage.ts`), by model id as `--model` names it
 * (`gemini:gemini-2.5-flash`), or for every model of a provider (`ollama:*`). The defaults are the
 * providers' published standard prices in US dollars for prompts under 200k tokens, as of early 2026;
 * `createFlow({ prices })` and `flow serve --prices FILE` add to them or replace them, since prices
 * change and contracts differ. Pure.
 */

/** Price of a million tokens, in the currency the limits are given in (USD for the defaults). */
export interface ModelPrice {
  input: number;
  output: number;
}

export type ModelPrices = Record<string, ModelPrice>;

export const DEFAULT_PRICES: ModelPrices = {
  "gemini:gemini-2.5-flash": { input: 0.3, output: 2.5 },
  "gemini:gemini-2.5-flash-lite": { input: 0.1, output: 0.4 },
  "gemini:gemini-2.5-pro": { input: 1.25, output: 10 },
  "gemini:gemini-2.0-flash": { input: 0.1, output: 0.4 },
  "openai:gpt-4o-mini": { input: 0.15, output: 0.6 },
  "anthropic:claude-3-5-haiku-latest": { input: 0.8, output: 4 },
  // A local model and the two that call none cost nothing per token.
  "ollama:*": { input: 0, output: 0 },
  offline: { input: 0, output: 0 },
  scripted: { input: 0, output: 0 },
};

/** The price of `modelId`: its own entry, else its provider's `provider:*`, else undefined. Pure. */
export function priceOf(prices: ModelPrices, modelId: string): ModelPrice | undefined {
  if (Object.hasOwn(prices, modelId)) return prices[modelId];
  const colon = modelId.indexOf(":");
  const any = colon > 0 ? `${modelId.slice(0, colon)}:*` : undefined;
  return any && Object.hasOwn(prices, any) ? prices[any] : undefined;
}

/** The estimated cost of tokens at `price`. Pure. */
export function costOf(price: ModelPrice, inputTokens: number, outputTokens: number): number {
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

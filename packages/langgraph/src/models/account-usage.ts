/**
 * Usage accounting for model calls: tokens as the provider reports them in `usage_metadata`, an estimate
 * with the project tokenizer (`count-tokens.ts`) when it reports none, and sums per conversation.
 *
 * Thinking tokens: Gemini's `output_tokens` leaves out the tokens a thinking model spends reasoning,
 * while `total_tokens` includes them (and they are billed as output). So output is taken as
 * `total - input` whenever that is larger than the reported `output_tokens`, and `total` is the
 * provider's figure: input + output = total, and total is what cost is computed from.
 */
import type { ModelPort, ModelUsage } from "../understand/model-port.js";
import { buildExtractPrompt } from "../understand/build-extract-prompt.js";
import { countTokens } from "./count-tokens.js";

/** The part of LangChain's `UsageMetadata` read here. */
export interface UsageMetadataLike {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
}

export const NO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

/** Input + output = total, with thinking tokens counted as output (see above). Pure. */
export function normalizeUsage(usage: ModelUsage): ModelUsage {
  const total = Math.max(usage.totalTokens, usage.inputTokens + usage.outputTokens);
  return { inputTokens: usage.inputTokens, outputTokens: total - usage.inputTokens, totalTokens: total };
}

/** Usage from a provider's `usage_metadata`, or undefined when it gave none (or only zeros). Pure. */
export function usageFromMetadata(meta: UsageMetadataLike | undefined): ModelUsage | undefined {
  const input = meta?.input_tokens ?? 0;
  const output = meta?.output_tokens ?? 0;
  const total = meta?.total_tokens ?? input + output;
  if (input === 0 && output === 0 && total === 0) return undefined;
  return normalizeUsage({ inputTokens: input, outputTokens: output, totalTokens: total });
}

/** An estimate of a call's usage from what was sent and what came back, with the project tokenizer. */
export function estimateUsage(sent: string, received: string): ModelUsage {
  const inputTokens = countTokens(sent);
  const outputTokens = countTokens(received);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** The sum of two usages (per conversation: add each call's). Pure. */
export function addUsage(a: ModelUsage, b: ModelUsage): ModelUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/**
 * A port whose results always carry usage: the provider's figures, normalized as above, or — when the
 * provider reported none (all zeros) — an estimate over the prompt the port sends
 * (`buildExtractPrompt`: system + user text) and the values it returned, as JSON.
 */
export function withUsageAccounting(port: ModelPort): ModelPort {
  return {
    id: port.id,
    async extract(request) {
      const result = await port.extract(request);
      if (result.usage.totalTokens > 0 || result.usage.inputTokens > 0) {
        return { ...result, usage: normalizeUsage(result.usage) };
      }
      const prompt = buildExtractPrompt(request);
      const ex = result.extraction;
      const received = ex.ok ? JSON.stringify({ ...ex.values, reply: ex.reply, skill: result.skill }) : ex.raw;
      return { ...result, usage: estimateUsage(`${prompt.system}\n${prompt.user}`, received) };
    },
  };
}

/**
 * The span of one model call, by the GenAI semantic conventions: named `chat {model}`, kind CLIENT,
 * with `gen_ai.operation.name`, `gen_ai.provider.name`, `gen_ai.request.model` and the call's
 * `gen_ai.usage.input_tokens` / `output_tokens` (output counts thinking tokens: `account-usage.ts`).
 * Neither the prompt nor the reply is recorded: the spans say how much, never what.
 */
import { SpanKind } from "@opentelemetry/api";
import type { ExtractRequest, ExtractResult, ModelPort } from "../understand/model-port.js";
import { GEN_AI, inSpan } from "./flow-tracer.js";

/** Providers as `--model` names them, by the convention's well-known names. */
const PROVIDER_NAMES: Record<string, string> = {
  gemini: "gcp.gemini",
  openai: "openai",
  anthropic: "anthropic",
  ollama: "ollama",
};

/** Provider and model of a port id (`gemini:gemini-2.5-flash`, `offline`, `scripted`). Pure. */
export function modelOf(id: string): { provider: string; model: string } {
  const colon = id.indexOf(":");
  if (colon < 0) return { provider: "skillflow", model: id };
  const provider = id.slice(0, colon);
  return { provider: PROVIDER_NAMES[provider] ?? provider, model: id.slice(colon + 1) };
}

/** `port.extract(request)` inside its span (a child of the active turn span). */
export async function tracedExtract(port: ModelPort, request: ExtractRequest): Promise<ExtractResult> {
  const { provider, model } = modelOf(port.id);
  const attributes = { [GEN_AI.operation]: "chat", [GEN_AI.provider]: provider, [GEN_AI.requestModel]: model };
  return inSpan(`chat ${model}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const result = await port.extract(request);
    span.setAttribute(GEN_AI.inputTokens, result.usage.inputTokens);
    span.setAttribute(GEN_AI.outputTokens, result.usage.outputTokens);
    return result;
  });
}


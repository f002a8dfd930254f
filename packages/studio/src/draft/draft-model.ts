/**
 * The model that drafts: one call with a system and a user message, plain text back. Any LangChain
 * chat model is one (`draftModelOf`), the `ScriptedChatModel` of the tests included; its only power is
 * to return text, which the loader then checks. `resolveDraftModel` picks the model for `--model` the way
 * `flow chat` does, except that the offline extractor cannot write a skill: without a model and its key
 * it says so.
 */
import { createChatModel, findProvider, ModelSetupError, PROVIDERS, type Env, type ModelUsage } from "../langgraph-port.js";

export interface DraftModel {
  /** `gemini:gemini-2.5-flash`, `scripted`. */
  readonly id: string;
  write(prompt: { system: string; user: string }): Promise<{ text: string; usage: ModelUsage }>;
}

/** What drafting needs of a chat model: LangChain's `invoke` with [role, text] pairs. */
export interface TextChatModel {
  invoke(input: Array<[string, string]>): Promise<{ content: unknown; usage_metadata?: { input_tokens?: number; output_tokens?: number; total_tokens?: number } }>;
}

export function draftModelOf(model: TextChatModel, id: string): DraftModel {
  return {
    id,
    async write({ system, user }) {
      const reply = await model.invoke([["system", system], ["human", user]]);
      const usage = reply.usage_metadata;
      const inputTokens = usage?.input_tokens ?? 0;
      const outputTokens = usage?.output_tokens ?? 0;
      return { text: textOf(reply.content), usage: { inputTokens, outputTokens, totalTokens: usage?.total_tokens ?? inputTokens + outputTokens } };
    },
  };
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === "string" ? part : (part as { text?: string }).text ?? "")).join("");
  return "";
}

/** The model for `--model SPEC` (no spec: Gemini's default when `GOOGLE_API_KEY` is set). Throws ModelSetupError. */
export async function resolveDraftModel(spec: string | undefined, env: Env): Promise<DraftModel> {
  const wanted = spec?.trim() || (env.GOOGLE_API_KEY?.trim() ? PROVIDERS.gemini.name : "");
  if (!wanted) {
    throw new ModelSetupError("missing-key", "drafting needs a model: set GOOGLE_API_KEY, or pass --model provider:name (openai:…, anthropic:…, ollama:…) with its key; the offline extractor only fills fields and cannot write a skill");
  }
  if (wanted.toLowerCase() === "offline") {
    throw new ModelSetupError("unknown-provider", "the offline extractor only fills fields and cannot write a skill: pass --model provider:name (gemini:…, openai:…, anthropic:…, ollama:…) with its key");
  }
  const at = wanted.indexOf(":");
  const name = at < 0 ? wanted : wanted.slice(0, at);
  const provider = findProvider(name);
  if (!provider) throw new ModelSetupError("unknown-provider", `unknown model provider "${name}" in "${wanted}": use gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>`);
  const model = (at < 0 ? "" : wanted.slice(at + 1).trim()) || provider.defaultModel;
  const id = `${provider.name}:${model}`;
  // The same checks as `flow chat`'s models, but "or pass --model offline" does not help a draft.
  if (provider.keyVar && !env[provider.keyVar]?.trim()) throw new ModelSetupError("missing-key", `${id} needs an API key to draft: set ${provider.keyVar}`);
  const chat = await createChatModel(provider, model, env);
  return draftModelOf(chat as unknown as TextChatModel, id);
}

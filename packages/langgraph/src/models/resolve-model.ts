/**
 * `resolveModel(spec, env)`: the model port for the CLI's `--model` (and any host that takes a spec).
 *
 * - `offline` → the offline extractor (rules, no key, no network).
 * - `gemini:<name>`, `openai:<name>`, `anthropic:<name>`, `ollama:<name>` → that LangChain chat model
 *   behind `chatModelPort`, with usage accounting (`withUsageAccounting`). `provider` alone (or
 *   `provider:`) uses the provider's default model. The name may itself hold colons (`ollama:llama3.1:8b`).
 * - No spec: Gemini's default model when `GOOGLE_API_KEY` is set, else the offline extractor with a
 *   one-line `notice` for the CLI to print.
 *
 * Provider packages are imported only when named (so an unused provider costs nothing at start-up and
 * need not be installed). Failures are `ModelSetupError`s with one sentence to act on: an unknown
 * provider, a package to install, a key variable to set. Nothing here makes a network call.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { chatModelPort } from "../understand/chat-model-port.js";
import type { ModelPort } from "../understand/model-port.js";
import { withUsageAccounting } from "./account-usage.js";
import { findProvider, PROVIDERS, type Env, type Provider } from "./model-providers.js";
import { ModelSetupError } from "./model-setup-error.js";
import { offlineModel } from "./offline-model.js";

/** Printed by the CLI when no spec and no key led to the offline extractor. */
export const OFFLINE_NOTICE =
  "No GOOGLE_API_KEY: using the offline extractor (rules, no model). Set GOOGLE_API_KEY or pass --model to use a model.";

/** A resolved port, with a line to show the person when the choice was made for them. */
export type ResolvedModel = ModelPort & { readonly notice?: string };

/** Imports a package by name; injectable so tests can stand in for packages that are not installed. */
export type ModuleLoader = (specifier: string) => Promise<Record<string, unknown>>;

const importModule: ModuleLoader = (specifier) => import(/* @vite-ignore */ specifier);

/** The model port for `spec` (see above). Throws `ModelSetupError` when it cannot be used. */
export async function resolveModel(spec?: string, env: Env = process.env, load: ModuleLoader = importModule): Promise<ResolvedModel> {
  const wanted = spec?.trim() || (env.GOOGLE_API_KEY ? PROVIDERS.gemini.name : "");
  if (!wanted) return { ...offlineModel(), notice: OFFLINE_NOTICE };
  if (wanted.toLowerCase() === "offline") return offlineModel();
  const at = wanted.indexOf(":");
  const providerName = at < 0 ? wanted : wanted.slice(0, at);
  const provider = findProvider(providerName);
  if (!provider) {
    throw new ModelSetupError(
      "unknown-provider",
      `unknown model provider "${providerName}" in "${wanted}": use offline, gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>`,
    );
  }
  const model = (at < 0 ? "" : wanted.slice(at + 1).trim()) || provider.defaultModel;
  const chat = await createChatModel(provider, model, env, load);
  return withUsageAccounting(chatModelPort(chat, { id: `${provider.name}:${model}` }));
}

/** The provider's LangChain chat model for `model`. Throws `ModelSetupError`. */
export async function createChatModel(provider: Provider, model: string, env: Env, load: ModuleLoader = importModule): Promise<BaseChatModel> {
  const id = `${provider.name}:${model}`;
  const Chat = await loadClass(provider, id, load);
  if (provider.keyVar && !env[provider.keyVar]?.trim()) {
    throw new ModelSetupError("missing-key", `${id} needs an API key: set ${provider.keyVar} (or pass --model offline)`);
  }
  try {
    return new Chat(provider.settings(model, env));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ModelSetupError("setup-failed", `could not set up ${id}: ${reason}`);
  }
}

type ChatClass = new (settings: Record<string, unknown>) => BaseChatModel;

/** The provider's class from its package, or a clear "install" error when the package is missing. */
async function loadClass(provider: Provider, id: string, load: ModuleLoader): Promise<ChatClass> {
  let mod: Record<string, unknown>;
  try {
    mod = await load(provider.package);
  } catch (error) {
    if (isMissing(error, provider.package)) {
      throw new ModelSetupError("missing-package", `install ${provider.package} to use ${id} (npm i ${provider.package})`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ModelSetupError("setup-failed", `could not load ${provider.package} for ${id}: ${reason}`);
  }
  const Chat = mod[provider.className];
  if (typeof Chat !== "function") {
    throw new ModelSetupError("setup-failed", `${provider.package} has no ${provider.className}; install a version that does`);
  }
  return Chat as ChatClass;
}

/** Whether an import failed because `pkg` itself is not installed (not one of its dependencies). */
function isMissing(error: unknown, pkg: string): boolean {
  const e = error as { code?: unknown; message?: unknown };
  const notFound = e?.code === "ERR_MODULE_NOT_FOUND" || e?.code === "MODULE_NOT_FOUND";
  return notFound && typeof e.message === "string" && e.message.includes(`'${pkg}'`);
}

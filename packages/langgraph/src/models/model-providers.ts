/**
 * The chat model providers `--model provider:name` can name: which LangChain package and class serve
 * each, the environment variable holding its key, the model used when no name is given, and the
 * constructor settings. Pure data and pure functions; nothing is imported from the packages here.
 */

export type ProviderName = "gemini" | "openai" | "anthropic" | "ollama";

/** Environment variables, as `process.env` holds them. */
export type Env = Record<string, string | undefined>;

export interface Provider {
  name: ProviderName;
  /** The npm package that holds the LangChain chat model class. */
  package: string;
  /** The class exported by `package`. */
  className: string;
  /** The variable that must hold an API key (none for a local Ollama). */
  keyVar?: string;
  /** Used for `provider` or `provider:` with no name. */
  defaultModel: string;
  /** Constructor settings for `model` given the environment. */
  settings(model: string, env: Env): Record<string, unknown>;
}

/**
 * Temperature 0 where the provider accepts it, so the same message tends to give the same values
 * (OpenAI's reasoning models refuse a temperature, so it is left at the provider's default there).
 */
export const PROVIDERS: Record<ProviderName, Provider> = {
  gemini: {
    name: "gemini",
    package: "@langchain/google-genai",
    className: "ChatGoogleGenerativeAI",
    keyVar: "GOOGLE_API_KEY",
    defaultModel: "gemini-2.5-flash",
    settings: (model, env) => ({ model, apiKey: env.GOOGLE_API_KEY, temperature: 0 }),
  },
  openai: {
    name: "openai",
    package: "@langchain/openai",
    className: "ChatOpenAI",
    keyVar: "OPENAI_API_KEY",
    defaultModel: "gpt-4o-mini",
    settings: (model, env) => ({ model, apiKey: env.OPENAI_API_KEY }),
  },
  anthropic: {
    name: "anthropic",
    package: "@langchain/anthropic",
    className: "ChatAnthropic",
    keyVar: "ANTHROPIC_API_KEY",
    defaultModel: "claude-3-5-haiku-latest",
    settings: (model, env) => ({ model, apiKey: env.ANTHROPIC_API_KEY, temperature: 0 }),
  },
  ollama: {
    name: "ollama",
    package: "@langchain/ollama",
    className: "ChatOllama",
    defaultModel: "llama3.1",
    settings: (model, env) => ({ model, temperature: 0, ...(env.OLLAMA_BASE_URL ? { baseUrl: env.OLLAMA_BASE_URL } : {}) }),
  },
};

/** Other names accepted for a provider. */
const ALIASES: Record<string, ProviderName> = { google: "gemini", "google-genai": "gemini", claude: "anthropic" };

/** The provider called `name` (case-insensitive, aliases included), or undefined. Pure. */
export function findProvider(name: string): Provider | undefined {
  const key = name.trim().toLowerCase();
  const canonical = (Object.hasOwn(PROVIDERS, key) ? key : Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined) as
    | ProviderName
    | undefined;
  return canonical ? PROVIDERS[canonical] : undefined;
}

// @skillflow/langgraph/models — picking and building a model: the offline extractor, the providers
// (`resolveModel`), usage accounting and token counts, and the extraction prompt and schema a port of
// your own can reuse. Named exports only (no `export *`).
export { offlineModel, extractOffline } from "./offline-model.js";
export type { OfflineModelOptions } from "./offline-model.js";
export type { ClockedModelPort } from "./clocked-port.js";
export { resolveModel, createChatModel, OFFLINE_NOTICE } from "./resolve-model.js";
export type { ResolvedModel, ModuleLoader } from "./resolve-model.js";
export { PROVIDERS, findProvider } from "./model-providers.js";
export type { Provider, ProviderName, Env } from "./model-providers.js";
export { ModelSetupError, isModelSetupError } from "./model-setup-error.js";
export type { ModelSetupProblem } from "./model-setup-error.js";
export { countTokens, TOKENIZER } from "./count-tokens.js";
export {
  withUsageAccounting, usageFromMetadata, estimateUsage, normalizeUsage, addUsage, NO_USAGE,
} from "./account-usage.js";
export type { UsageMetadataLike } from "./account-usage.js";
export { estimateTokens } from "../scripted-chat-model.js";
export { buildExtractPrompt, extractPromptParts, EXTRACT_TOOL } from "../understand/build-extract-prompt.js";
export type { ExtractPrompt, ExtractPromptParts } from "../understand/build-extract-prompt.js";
export { describeShape } from "../understand/describe-field.js";
export { buildExtractionSchema } from "../understand/build-extraction-schema.js";
export { readResult, readUsage } from "../understand/chat-model-port.js";

// @skillflow/langgraph — the StateGraph host: model port, extraction, tool execution, checkpointers.
// Named exports only (no `export *`).
export type { FieldInScope, ExtractRequest, ModelUsage, ExtractResult, ModelPort } from "./model-port.js";
export { ScriptedChatModel, estimateTokens } from "./scripted-chat-model.js";
export type { ScriptedReply, RecordedPrompt, ScriptedChatModelOptions } from "./scripted-chat-model.js";
export { chatModelPort, readResult, readUsage } from "./chat-model-port.js";
export type { ChatModelPortOptions } from "./chat-model-port.js";
export { buildExtractPrompt, describeShape, EXTRACT_TOOL } from "./build-extract-prompt.js";
export type { ExtractPrompt } from "./build-extract-prompt.js";
export { buildExtractionSchema } from "./build-extraction-schema.js";
export { createFlow } from "./create-flow.js";
export type { CreateFlowOptions, Flow, FlowLimits } from "./create-flow.js";
export { FlowLoadError } from "./load-flow-skill.js";
export type { FlowTool } from "./load-flow-skill.js";
export { toFlowEvent, FlowInputError } from "./to-flow-event.js";
export type { FlowInput } from "./to-flow-event.js";
export type { TurnResult } from "./render-turn.js";
export type { ToolRun } from "./graph/flow-graph-state.js";
export type { HostTool } from "./run-tool.js";
export { buildFlowGraph } from "./graph/build-flow-graph.js";
export type { FlowGraph } from "./graph/build-flow-graph.js";
export { proveFiles } from "./prove/prove-files.js";
export type { ProveSummary, ProveOutcome } from "./prove/prove-files.js";
export { ProveUsageError } from "./prove/find-proof-files.js";
export { ProofError } from "./prove/proof-types.js";
export { formatProofReport, proofReportJson } from "./prove/format-proof-report.js";
export type { ProveCheck, ProofRun } from "./prove/run-proof.js";
export { offlineModel, extractOffline } from "./models/offline-model.js";
export { resolveModel, createChatModel, OFFLINE_NOTICE } from "./models/resolve-model.js";
export type { ResolvedModel, ModuleLoader } from "./models/resolve-model.js";
export { PROVIDERS, findProvider } from "./models/model-providers.js";
export type { Provider, ProviderName, Env } from "./models/model-providers.js";
export { ModelSetupError, isModelSetupError } from "./models/model-setup-error.js";
export type { ModelSetupProblem } from "./models/model-setup-error.js";
export { countTokens, TOKENIZER } from "./models/count-tokens.js";
export {
  withUsageAccounting, usageFromMetadata, estimateUsage, normalizeUsage, addUsage, NO_USAGE,
} from "./models/account-usage.js";
export type { UsageMetadataLike } from "./models/account-usage.js";

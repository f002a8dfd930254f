// @skillflow/langgraph — run skills on LangGraph: `createFlow` and what it takes and returns, the model
// port (`chatModelPort`, `ModelPort`), the store (`openCheckpointer`) and the scripted chat model for
// tests. The rest is on subpaths: `/models` (offline extractor, providers, usage, the prompt),
// `/prove` (`flow prove`), `/persistence` (stores, keys, retention), `/testing` (injected failures).
// Named exports only (no `export *`).
export { createFlow } from "./create-flow.js";
export type { CreateFlowOptions, Flow, FlowLimits, SendOptions, SentTurn } from "./flow-options.js";
export type { FlowSkillSource } from "./routing/load-hosted-skills.js";
export { FlowLoadError } from "./load-flow-skill.js";
export type { FlowTool } from "./load-flow-skill.js";
export type { HostTool } from "./run-tool.js";
export { FlowInputError } from "./to-flow-event.js";
export type { FlowInput } from "./to-flow-event.js";
export type { TurnResult } from "./render/render-turn.js";
export type { ToolRun } from "./graph/flow-graph-state.js";
export type { FlowGraph } from "./graph/build-flow-graph.js";
export type { ConversationView } from "./render/flow-views.js";
export type { RouteNote } from "./routing/routing-state.js";
export { chatModelPort } from "./understand/chat-model-port.js";
export type { ChatModelPortOptions } from "./understand/chat-model-port.js";
export type {
  ModelPort, ExtractRequest, ExtractResult, FieldInScope, ModelUsage, HostedSkillInfo, SkillIntent, KnowsValue, MenuFields,
} from "./understand/model-port.js";
export { openCheckpointer } from "./persistence/open-checkpointer.js";
export type { OpenCheckpointerOptions } from "./persistence/open-checkpointer.js";
export type { Persistence } from "./persistence/persistence.js";
export { PersistenceError } from "./persistence/persistence-error.js";
export { ScriptedChatModel } from "./scripted-chat-model.js";
export { BudgetError } from "./budget/budget-limits.js";
export type { UsageLimits } from "./budget/budget-limits.js";
export { DEFAULT_PRICES } from "./budget/model-prices.js";
export type { ModelPrice, ModelPrices } from "./budget/model-prices.js";
export type { ScriptedReply, RecordedPrompt, ScriptedChatModelOptions } from "./scripted-chat-model.js";

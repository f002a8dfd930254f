/**
 * Everything the Studio takes from `@skillflow/langgraph`, in one place: proofs (`proveFiles`), the
 * models (`offlineModel`, the providers and `createChatModel` for drafting, the model errors) and store
 * URLs. No other file of this package imports `@skillflow/langgraph` or its subpaths (`/prove`, `/models`,
 * `/persistence`).
 */
export { FlowLoadError } from "@skillflow/langgraph";
export type { ModelPort, ModelUsage, HostTool } from "@skillflow/langgraph";
export { proveFiles, ProofError } from "@skillflow/langgraph/prove";
export type { ProveSummary, ProveCheck, ProofRun, ProveOptions, LoadedFlowSkill } from "@skillflow/langgraph/prove";
export { offlineModel, createChatModel, findProvider, PROVIDERS, isModelSetupError, ModelSetupError } from "@skillflow/langgraph/models";
export type { Env } from "@skillflow/langgraph/models";
export { parseDbUrl } from "@skillflow/langgraph/persistence";

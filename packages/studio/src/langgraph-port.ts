/**
 * Everything the Studio takes from `@skillflow/langgraph`, in one place: proofs (`proveFiles`), the
 * models (`offlineModel`, the providers and `createChatModel` for drafting, the model errors) and store
 * URLs. No other file of this package imports `@skillflow/langgraph`, so when its main entry shrinks to
 * a few names and subpath exports (`/prove`, `/models`), this is the only file to change.
 */
export {
  proveFiles, offlineModel, createChatModel, findProvider, PROVIDERS, isModelSetupError, ModelSetupError, parseDbUrl, FlowLoadError, ProofError,
} from "@skillflow/langgraph";
export type {
  ProveSummary, ProveCheck, ProofRun, ProveOptions, LoadedFlowSkill, ModelPort, ModelUsage, Env, HostTool,
} from "@skillflow/langgraph";

/**
 * Everything the server takes from `@skillflow/langgraph`, in one place: the embedding API (`createFlow`,
 * `Flow`, `TurnResult`, `FlowInput`), the store (`openCheckpointer`) and the model resolution the CLI
 * shares. No other file of this package imports `@skillflow/langgraph`, so when its main entry shrinks
 * to a few names and subpath exports, this is the only file to change.
 */
export { createFlow, openCheckpointer, parseDbUrl, resolveModel, isModelSetupError, PersistenceError, FlowLoadError, FlowInputError, createMemoryLock } from "@skillflow/langgraph";
export type { Flow, FlowInput, TurnResult, CreateFlowOptions, Persistence, ModelPort, ResolvedModel, ThreadLock, FlowSkillSource } from "@skillflow/langgraph";

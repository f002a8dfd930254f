/**
 * Everything the server takes from `@skillflow/langgraph`, in one place: the embedding API (`createFlow`,
 * `Flow`, `TurnResult`, `FlowInput`), the store (`openCheckpointer`, and from `/persistence` the URL
 * parser, the in-process lock, PostgreSQL's advisory lock, prepared-statement pool and connection budget) and the model resolution the CLI shares (`/models`). No other file of
 * this package imports `@skillflow/langgraph`.
 */
export { createFlow, openCheckpointer, PersistenceError, FlowLoadError, FlowInputError } from "@skillflow/langgraph";
export type { Flow, FlowInput, TurnResult, SentTurn, CreateFlowOptions, Persistence, ModelPort, FlowSkillSource } from "@skillflow/langgraph";
export { resolveModel, isModelSetupError } from "@skillflow/langgraph/models";
export type { ResolvedModel } from "@skillflow/langgraph/models";
export { parseDbUrl, createMemoryLock, createPostgresLock, PreparingPool, connectionBudget, MIN_CONNECTIONS } from "@skillflow/langgraph/persistence";
export type { LockHold, ThreadLock } from "@skillflow/langgraph/persistence";

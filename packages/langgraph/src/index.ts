// @skillflow/langgraph — the StateGraph host: model port, extraction, tool execution, checkpointers.
// Named exports only (no `export *`).
export type { FieldInScope, ExtractRequest, ModelUsage, ExtractResult, ModelPort } from "./model-port.js";

// @skillflow/langgraph/testing — for tests only: a flow whose tools fail on purpose, as a proof's
// `fail:` and `reject:` fixtures make them. Named exports only (no `export *`).
export { createTestFlow } from "./create-test-flow.js";
export type { TestFlowOptions } from "./create-test-flow.js";

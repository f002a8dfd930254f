// @skillflow/langgraph/platform — skills hosted on LangGraph's own server (`langgraph.json`, the
// `@langchain/langgraph-cli` dev server, LangGraph Platform): `createSkillGraph`, the value of its
// interrupts, the resumes it reads, and the approver's token. See docs/langgraph-platform.md.
// Named exports only (no `export *`).
export { createSkillGraph, MODEL_ENV } from "./create-skill-graph.js";
export type { SkillGraph, SkillGraphOptions } from "./create-skill-graph.js";
export type { WaitValue } from "./wait-value.js";
export { readResume, NOT_A_RESUME, PRESS_WITHOUT_CARD, UNVERIFIED_APPROVAL } from "./read-resume.js";
export { signApproval, verifyApproval } from "./approval-token.js";
export type { ApprovalClaim } from "./approval-token.js";
export { MESSAGES_KEPT } from "./platform-state.js";
export { SECRET_SHOWN } from "./platform-nodes.js";
export { refuseRun, refuseThreadUpdate, refuseAssistant, CHAT_STREAM_MODES, RUN_REFUSED, UPDATE_REFUSED, ASSISTANT_REFUSED } from "./refuse-run.js";

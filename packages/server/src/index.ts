// @skillflow/server — Skillflow as a chat backend: AG-UI 1.0 over HTTP/SSE, widgets as activities,
// verified approvers, the chat page. Named exports only (no `export *`).
export { createSkillflowServer } from "./create-server.js";
export type { SkillflowServer, SkillflowServerOptions, FetchHandler } from "./create-server.js";
export { approverDirectory, parseApprovers, ApproverConfigError } from "./approvals/approvers.js";
export type { Approver, ApproverDirectory } from "./approvals/approvers.js";
export { hashCredential, verifyCredential } from "./approvals/credentials.js";
export { ACTIVITY } from "./agui/turn-events.js";
export { toNodeListener } from "./http/node-listener.js";
export { listen } from "./http/listen.js";
export type { Listening } from "./http/listen.js";
export type { AuthMode } from "./auth/identify.js";
// The pieces an app built on the server reuses (the Studio): its store and sessions, cookies, JSON bodies.
export { openServeStore } from "./store/open-serve-store.js";
export type { ServeStore, SessionKind } from "./store/serve-store.js";
export type { SqlDb } from "./store/sql-db.js";
export { cookieOf, sessionCookie } from "./auth/cookies.js";
export { readJson } from "./http/read-json.js";
export { serveBuiltFile } from "./http/serve-built-file.js";
export type { BuiltFiles } from "./http/serve-built-file.js";
export { json, problem } from "./http/respond.js";

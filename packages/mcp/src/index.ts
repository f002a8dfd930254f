// @skillflow/mcp — MCP both ways: a skill's tools from MCP servers (`mcpTools`), a skill's tools behind an
// MCP server (`toolServer`), and skills served to MCP hosts (`skillServer`, `flow mcp`).
// Named exports only (no `export *`); test/public-api.test.ts pins this list.
export { mcpTools } from "./tools/mcp-tools.js";
export type { McpToolsOptions } from "./tools/mcp-tools-options.js";
export { closeMcpConnections } from "./tools/connection-pool.js";
export { IDEMPOTENCY_KEY_META, NOW_META } from "./meta-keys.js";
export { toolServer, serveToolsOverStdio } from "./serve-tools/tool-server.js";
export type { ServedCall, ToolServerOptions } from "./serve-tools/tool-server.js";
export { serveSkills } from "./host/serve-skills.js";
export type { ServeSkillsOptions, ServingSkills } from "./host/serve-skills.js";
export { createSkillHost } from "./host/skill-host.js";
export type { SkillHost, SkillHostOptions } from "./host/skill-host.js";
export { threadOf } from "./host/hosted-skill.js";
export type { HostedSkill } from "./host/hosted-skill.js";
export type { TurnView, PendingView, WidgetJson, WriteView } from "./host/turn-view.js";
export { WIDGET_URI, ANSWER_TOOL } from "./host/widget-app-html.js";
export { WIDGET_TOKEN_META } from "./host/widget-tokens.js";

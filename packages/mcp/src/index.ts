// @skillflow/mcp — MCP both ways: a skill's tools from MCP servers (`mcpTools`), a skill's tools behind an
// MCP server (`toolServer`), and skills served to MCP hosts (`skillServer`, `flow mcp`).
// Named exports only (no `export *`); test/public-api.test.ts pins this list.
export { mcpTools } from "./tools/mcp-tools.js";
export type { McpToolsOptions } from "./tools/mcp-tools-options.js";
export { closeMcpConnections } from "./tools/connection-pool.js";
export { IDEMPOTENCY_KEY_META, NOW_META } from "./meta-keys.js";
export { toolServer, serveToolsOverStdio } from "./serve-tools/tool-server.js";
export type { ServedCall, ToolServerOptions } from "./serve-tools/tool-server.js";

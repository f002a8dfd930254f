/**
 * conference-trip with its tools from its MCP server (../../mcp-server.ts, started over stdio) instead of
 * ../../tools.ts. SKILL.md here is a link to ../../SKILL.md: the same file, not a character changed.
 *
 * The server marks its eight lookups `readOnlyHint: true`; that counts only because this file trusts
 * the server (`trusted: true`). Without it, every tool would be a write and the skill would not load.
 */
import { fileURLToPath } from "node:url";
import { mcpTools } from "@skillflow/mcp";

const log = process.env.CONFERENCE_TRIP_CALL_LOG;

export default [
  mcpTools({
    command: process.execPath,
    args: ["--import", "jiti/register", "mcp-server.ts"],
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    ...(log && { env: { CONFERENCE_TRIP_CALL_LOG: log } }),
    trusted: true,
    // The server is TypeScript compiled on start (jiti): on a busy machine that has taken over 10 s.
    startTimeoutMs: 30_000,
  }),
];

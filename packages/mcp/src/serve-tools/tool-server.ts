/**
 * `toolServer(tools)`: the `lookup()`/`action()` tools of a tools.ts behind an MCP server (the SDK's
 * `McpServer`), so the same functions can serve a skill in-process or over MCP and the skill file does
 * not change. Lookups carry `readOnlyHint: true`; writes receive their idempotency key from the request's
 * `_meta` (`skillflow/idempotency-key`) and the flow's clock from `skillflow/now`; the request's abort
 * signal is the tool's. `serveToolsOverStdio(tools)` runs one on this process's stdin/stdout.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolDefinition, ToolKind } from "@skillflow/core";
import { CARD_META, IDEMPOTENCY_KEY_META, NOW_META } from "../meta-keys.js";

/** What arrived with one call, as the tool receives it. */
export interface ServedCall {
  tool: string;
  kind: ToolKind;
  input: Record<string, unknown>;
  idempotencyKey: string;
  now: string;
}

export interface ToolServerOptions {
  /** The server's name in the MCP handshake. */
  name: string;
  version?: string | undefined;
  /** Called before each tool runs (logging, tests). */
  onCall?: ((call: ServedCall) => void) | undefined;
}

export function toolServer(tools: readonly ToolDefinition[], options: ToolServerOptions): McpServer {
  const server = new McpServer({ name: options.name, version: options.version ?? "0.1.0" });
  for (const tool of tools) register(server, tool, options);
  return server;
}

/** Serve `tools` on stdin/stdout until stdin closes. */
export async function serveToolsOverStdio(tools: readonly ToolDefinition[], options: ToolServerOptions): Promise<McpServer> {
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = toolServer(tools, options);
  await server.connect(new StdioServerTransport());
  return server;
}

function register(server: McpServer, tool: ToolDefinition, options: ToolServerOptions): void {
  const objectOutput = (tool.output as { type?: string }).type === "object";
  server.registerTool(tool.name, {
    ...(tool.description !== undefined && { description: tool.description }),
    inputSchema: tool.input,
    ...(objectOutput && { outputSchema: tool.output as never }),
    // A hand-off changes nothing the person owns: not read-only, not destructive.
    annotations: { readOnlyHint: tool.kind === "lookup", ...(tool.kind === "handoff" && { destructiveHint: false }) },
    ...(tool.card !== undefined && { _meta: { [CARD_META]: tool.card } }),
  }, async (input: Record<string, unknown>, extra) => {
    const meta = extra._meta as Record<string, unknown> | undefined;
    const idempotencyKey = typeof meta?.[IDEMPOTENCY_KEY_META] === "string" ? (meta[IDEMPOTENCY_KEY_META] as string) : "";
    const now = typeof meta?.[NOW_META] === "string" ? (meta[NOW_META] as string) : new Date().toISOString();
    options.onCall?.({ tool: tool.name, kind: tool.kind, input, idempotencyKey, now });
    const output = await tool.run(input, { idempotencyKey, now, signal: extra.signal });
    return {
      content: [{ type: "text" as const, text: JSON.stringify(output) }],
      ...(objectOutput && { structuredContent: output as Record<string, unknown> }),
    };
  });
}

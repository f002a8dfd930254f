/**
 * `mcpTools(options)`: an item of tools.ts's default export standing for the tools of an MCP server.
 *
 *     export default [
 *       ...localTools,
 *       mcpTools({ command: "node", args: ["server.js"], readOnly: ["find_order"] }),
 *       mcpTools({ url: "https://tools.example.com/mcp", headers: { Authorization: "Bearer …" }, only: ["refund"] }),
 *     ];
 *
 * The loader asks it for its tools (one connection per server per process); a server that does not start,
 * or lacks a tool named in `only`/`readOnly`, is a load diagnostic (`mcp-unavailable`, `mcp-tool-missing`)
 * located at this call. Wrong options throw at import time, which the loader reports as `tools-throws`.
 */
import { suggest, TOOL_SOURCE_TAG, type ToolDefinition, type ToolSource, type ToolSourceListing, type ToolSourceProblem } from "@skillflow/core";
import { connectionFor } from "./connection-pool.js";
import { describeServerError, unavailableFix } from "./describe-server-error.js";
import { describeServer, serverSpecOf, type McpServerSpec, type McpToolsOptions } from "./mcp-tools-options.js";
import { toolFromMcp, type McpToolListing } from "./tool-from-mcp.js";

const DEFAULT_START_TIMEOUT_MS = 10_000;

export function mcpTools(options: McpToolsOptions): ToolSource {
  const spec = serverSpecOf(options);
  return { [TOOL_SOURCE_TAG]: true, call: "mcpTools(", listTools: () => listServerTools(spec, options) };
}

async function listServerTools(spec: McpServerSpec, options: McpToolsOptions): Promise<ToolSourceListing> {
  const timeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const server = describeServer(spec);
  let listed: McpToolListing[];
  let stderr: () => string | undefined = () => undefined;
  try {
    const connection = await connectionFor(spec, timeoutMs);
    stderr = connection.stderrTail;
    listed = await listAll(connection.client, timeoutMs);
  } catch (error) {
    const why = describeServerError(error, { server, stderr: stderr() ?? (error as { stderr?: string }).stderr, timeoutMs });
    return { tools: [], problems: [{ ruleId: "mcp-unavailable", reason: `${capitalize(why)}.`, fix: unavailableFix(error) }] };
  }
  const names = new Set(listed.map((tool) => tool.name));
  const problems = missingNames(options, names, server);
  const only = options.only ? new Set(options.only) : undefined;
  const tools: ToolDefinition[] = listed
    .filter((tool) => !only || only.has(tool.name))
    .map((tool) => toolFromMcp(tool, spec, options, timeoutMs));
  return { tools, problems };
}

/** Every page of `tools/list`. */
async function listAll(client: { listTools(params?: { cursor?: string }, options?: { timeout?: number }): Promise<{ tools: McpToolListing[]; nextCursor?: string | undefined }> }, timeoutMs: number): Promise<McpToolListing[]> {
  const tools: McpToolListing[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/** `only`, `readOnly` and `handoff` names the server does not list. */
function missingNames(options: McpToolsOptions, names: Set<string>, server: string): ToolSourceProblem[] {
  const asked = [...new Set([...(options.only ?? []), ...(options.readOnly ?? []), ...(options.handoff ?? [])])];
  const known = [...names].sort();
  return asked.filter((name) => !names.has(name)).map((name) => ({
    ruleId: "mcp-tool-missing" as const,
    reason: `The MCP server \`${server}\` has no tool \`${name}\`.`,
    fix: known.length ? `${guess(name, known)}It lists ${known.map((n) => `\`${n}\``).join(", ")}.` : "The server lists no tools; check that this is the right server.",
    near: name,
  }));
}

function guess(name: string, known: string[]): string {
  const close = suggest(name, known);
  return close === undefined ? "" : `Did you mean \`${close}\`? `;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

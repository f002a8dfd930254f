/**
 * One connection per MCP server per process, shared by every `mcpTools()` that names the server and by
 * every load of a skill (tools.ts is evaluated afresh on each load, so the pool lives on `globalThis`,
 * under a global symbol, like the tool tags). A connection that closes (the server exited or crashed)
 * leaves the pool, and the next call opens a new one. Stdio servers are stopped when the process exits;
 * `closeMcpConnections()` closes them all sooner. The edge.
 */
import { openConnection, type McpConnection } from "./open-connection.js";
import { connectionKeyOf, type McpServerSpec } from "./mcp-tools-options.js";

interface Pool {
  open: Map<string, Promise<McpConnection>>;
  live: Set<McpConnection>;
  exitHook: boolean;
}

const SLOT = Symbol.for("skillflow.mcp.connections");

function pool(): Pool {
  const global = globalThis as Record<symbol, Pool | undefined>;
  return (global[SLOT] ??= { open: new Map(), live: new Set(), exitHook: false });
}

/** The live connection to `spec`'s server, opened (within `timeoutMs`) if there is none. */
export async function connectionFor(spec: McpServerSpec, timeoutMs: number): Promise<McpConnection> {
  const { open } = pool();
  const key = connectionKeyOf(spec);
  const existing = open.get(key);
  if (existing) {
    const connection = await existing.catch(() => undefined);
    if (connection && !connection.closed) return connection;
    if (open.get(key) === existing) open.delete(key);
  }
  if (!open.has(key)) open.set(key, track(key, openConnection(spec, timeoutMs)));
  return open.get(key)!;
}

function track(key: string, opening: Promise<McpConnection>): Promise<McpConnection> {
  const state = pool();
  opening.then(
    (connection) => {
      state.live.add(connection);
      connection.onClose(() => {
        state.live.delete(connection);
        if (state.open.get(key) === opening) state.open.delete(key);
      });
      if (connection.pid !== undefined) stopOnExit(state);
    },
    () => {
      if (state.open.get(key) === opening) state.open.delete(key);
    },
  );
  return opening;
}

/** At exit, signal every stdio server still running (exit handlers cannot wait for a graceful close). */
function stopOnExit(state: Pool): void {
  if (state.exitHook) return;
  state.exitHook = true;
  process.once("exit", () => {
    for (const connection of state.live) {
      if (connection.pid === undefined) continue;
      try {
        process.kill(connection.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  });
}

/** Close every MCP connection this process has open (servers started over stdio are stopped). */
export async function closeMcpConnections(): Promise<void> {
  const state = pool();
  const connections = [...state.live];
  state.open.clear();
  state.live.clear();
  await Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
}

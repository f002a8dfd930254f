/**
 * Opening one client connection to an MCP server with the SDK: `Client` over `StdioClientTransport` (a
 * child process) or `StreamableHTTPClientTransport`. The edge. The SDK is imported on first use, so
 * importing a tools.ts that lists servers costs nothing until the loader asks for the tools.
 *
 * A stdio server's process and pipes are unref'd: an idle connection does not keep a finished command
 * (`flow check`) alive; a call in flight does (its request timer is ref'd). The last lines the server
 * wrote to stderr are kept, so a server that dies can be reported with its own words (a failed start
 * rejects with an error carrying them as `stderr`).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpServerSpec } from "./mcp-tools-options.js";

export interface McpConnection {
  client: Client;
  /** The child's pid (stdio). */
  pid?: number | undefined;
  /** Set once the transport has closed (the server exited or crashed, or we closed it). */
  closed: boolean;
  /** The last lines the server wrote to stderr (stdio). */
  stderrTail(): string | undefined;
  onClose(listener: () => void): void;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: "skillflow", version: "0.1.0" };
const TAIL_CHARS = 2000;

/** Start (stdio) or reach (HTTP) the server and run the MCP handshake within `timeoutMs`. Rejects on failure. */
export async function openConnection(spec: McpServerSpec, timeoutMs: number): Promise<McpConnection> {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const listeners: Array<() => void> = [];
  let tail = "";
  const connection: McpConnection = {
    client,
    closed: false,
    stderrTail: () => lastLine(tail),
    onClose: (listener) => void listeners.push(listener),
    close: () => client.close(),
  };
  client.onclose = () => {
    connection.closed = true;
    for (const listener of listeners.splice(0)) listener();
  };
  if (spec.transport === "http") {
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    await client.connect(new StreamableHTTPClientTransport(spec.url, { requestInit: { headers: spec.headers } }), { timeout: timeoutMs });
    return connection;
  }
  const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const transport = new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "pipe", ...(spec.cwd !== undefined && { cwd: spec.cwd }) });
  transport.stderr?.on("data", (chunk: Buffer) => (tail = (tail + chunk.toString("utf8")).slice(-TAIL_CHARS)));
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await transport.close().catch(() => undefined);
    // Let the exit's last stderr lines arrive, then hand them on with the error.
    await new Promise((done) => setTimeout(done, 20));
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { stderr: lastLine(tail) });
  }
  connection.pid = transport.pid ?? undefined;
  setChildRef(transport, false);
  // Closing waits for the child to exit: hold the process open meanwhile (the SDK's own waits are unref'd).
  connection.close = () => (setChildRef(transport, true), client.close());
  return connection;
}

type Refable = { ref?(): void; unref?(): void };

/**
 * The SDK keeps the child process private: unref it and its pipes so an idle server never holds the
 * process open, or ref them again while it is being closed.
 */
function setChildRef(transport: object, held: boolean): void {
  const child = (transport as { _process?: Refable & { stdin?: unknown; stdout?: unknown; stderr?: unknown } })._process;
  if (!child) return;
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as Array<Refable | undefined>) {
    if (held) handle?.ref?.();
    else handle?.unref?.();
  }
}

/** The last non-empty line of `text`, if any. */
function lastLine(text: string): string | undefined {
  const lines = text.split("\n").map((line) => line.trim()).filter(Boolean);
  return lines.at(-1);
}

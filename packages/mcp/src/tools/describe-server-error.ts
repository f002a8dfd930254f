/**
 * What went wrong with an MCP server, in one sentence: a program that does not start, a server that exits
 * before it answers or in the middle of a call, one that does not answer in time, a URL that cannot be
 * reached. Used for load diagnostics (`mcp-unavailable`) and for failed calls. Pure.
 */

export interface ServerErrorContext {
  /** The server in a few words (`node server.ts`, or its URL). */
  server: string;
  /** The last line the server wrote to stderr, if any. */
  stderr?: string | undefined;
  timeoutMs: number;
}

const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;

/** Why the server could not be used: "did not start: spawn x ENOENT", "exited before it answered: …". */
export function describeServerError(error: unknown, context: ServerErrorContext): string {
  const { code, message } = partsOf(error);
  const said = context.stderr ? ` (it said: ${context.stderr})` : "";
  if (code === "ENOENT" || code === "EACCES") return `the MCP server \`${context.server}\` did not start: ${message}`;
  if (code === CONNECTION_CLOSED) return `the MCP server \`${context.server}\` closed the connection${said}`;
  if (code === REQUEST_TIMEOUT) return `the MCP server \`${context.server}\` did not answer within ${seconds(context.timeoutMs)}`;
  if (/fetch failed|ECONNREFUSED|ENOTFOUND/.test(message)) return `the MCP server at ${context.server} cannot be reached: ${causeOf(error) ?? message}`;
  return `the MCP server \`${context.server}\` failed: ${message}${said}`;
}

/** The fix sentence for a server that is unavailable at load time. */
export function unavailableFix(error: unknown): string {
  const { code } = partsOf(error);
  if (code === "ENOENT") return "Check that the program is installed, or give its full path as `command`.";
  return "Start the server by hand with the same command or URL to see why it fails, then fix it or its options in tools.ts.";
}

function partsOf(error: unknown): { code: string | number | undefined; message: string } {
  const e = error as { code?: string | number; message?: unknown } | null;
  const firstLine = (typeof e?.message === "string" ? e.message : String(error)).split("\n")[0]!; // split gives at least one piece
  const message = firstLine.replace(/^MCP error -?\d+: /, "").replace(/\.$/, "");
  return { code: e?.code, message };
}

function causeOf(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return cause?.code ?? cause?.message;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

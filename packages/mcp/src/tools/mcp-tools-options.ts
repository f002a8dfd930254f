/**
 * What `mcpTools()` takes: a stdio server (`command`, `args`, `env`, `cwd`) or a Streamable HTTP one
 * (`url`, `headers`), which tools to take (`only`), which count as lookups (`readOnly`, `trusted`) and
 * which as hand-offs (`handoff`).
 * Checked when tools.ts is imported, so a wrong option is a located `tools-throws` with a clear sentence. Pure.
 */

export interface McpToolsOptions {
  /** A stdio server: the program to start. */
  command?: string | undefined;
  args?: string[] | undefined;
  /** Added to the few variables the SDK passes on (HOME, PATH, …). */
  env?: Record<string, string> | undefined;
  /** The server's working folder (default: this process's). */
  cwd?: string | undefined;
  /** A Streamable HTTP server: its endpoint. */
  url?: string | undefined;
  headers?: Record<string, string> | undefined;
  /** Take only these tools (default: every tool the server lists). Each must exist. */
  only?: string[] | undefined;
  /** These tools are lookups (read-only), whatever the server says. Each must exist. */
  readOnly?: string[] | undefined;
  /** Believe the server's `readOnlyHint: true` annotations (default false: every other tool is a write). */
  trusted?: boolean | undefined;
  /** These tools hand the conversation to a person (`handoff()`: run only by a `handoff:` step, with no confirm). Each must exist. */
  handoff?: string[] | undefined;
  /** How long starting and listing may take, in ms (default 10 s). */
  startTimeoutMs?: number | undefined;
}

export type McpServerSpec =
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { transport: "http"; url: URL; headers: Record<string, string> };

/** The server an options object names; throws a sentence for options that cannot work. */
export function serverSpecOf(options: McpToolsOptions): McpServerSpec {
  if (typeof options !== "object" || options === null) throw new Error("mcpTools() takes an options object: { command, args } or { url }");
  const { command, url } = options;
  if ((command === undefined) === (url === undefined)) throw new Error("mcpTools() needs exactly one of `command` (a stdio server) or `url` (a Streamable HTTP server)");
  for (const key of ["only", "readOnly", "handoff", "args"] as const) {
    const list = options[key];
    if (list !== undefined && (!Array.isArray(list) || list.some((x) => typeof x !== "string"))) throw new Error(`mcpTools(): \`${key}\` must be a list of names`);
  }
  if (command !== undefined) {
    if (typeof command !== "string" || command === "") throw new Error("mcpTools(): `command` must be the program to start");
    return { transport: "stdio", command, args: options.args ?? [], env: options.env ?? {}, ...(options.cwd !== undefined && { cwd: options.cwd }) };
  }
  let parsed: URL;
  try {
    parsed = new URL(url!);
  } catch {
    throw new Error(`mcpTools(): \`url\` ${JSON.stringify(url)} is not a URL`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new Error(`mcpTools(): \`url\` must be http:// or https://, not ${parsed.protocol}`);
  return { transport: "http", url: parsed, headers: options.headers ?? {} };
}

/** The server in a few words, for messages: `node server.ts` or the URL. Pure. */
export function describeServer(spec: McpServerSpec): string {
  if (spec.transport === "http") return spec.url.href;
  return [spec.command, ...spec.args].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(" ");
}

/** One key per server: connections are shared by every mcpTools() naming the same server. Pure. */
export function connectionKeyOf(spec: McpServerSpec): string {
  return JSON.stringify(spec.transport === "http" ? { ...spec, url: spec.url.href } : spec);
}

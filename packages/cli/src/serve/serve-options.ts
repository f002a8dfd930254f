/**
 * `flow serve`'s command line, checked before anything opens: the port, the host, `--auth` (`none` only
 * on a loopback address), where the approvers come from, the budget (`--limit`, `--prices`), `--max-connections`, and with `--otel` where spans go. Each problem is one sentence (exit 2). Pure
 * apart from reading the approvers file.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { readBudget, type ServeBudget } from "./serve-limits.js";
import { otelEndpoint } from "./start-telemetry.js";

export interface ServeOptions {
  port?: string;
  host?: string;
  db?: string;
  model?: string;
  auth?: string;
  approvers?: string;
  hashCredential?: boolean;
  /** The Studio's database: each skill runs its newest version that passes the check there. */
  studioDb?: string;
  /** Export spans over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. */
  otel?: boolean;
  /** `--limit SCOPE.MEASURE=N`, repeated. */
  limit?: string[];
  /** `--prices FILE`: prices per model (JSON). */
  prices?: string;
  /** `--max-connections N`: on PostgreSQL, the most connections the process opens. */
  maxConnections?: string;
}

export interface ServeSettings {
  port: number;
  host: string;
  auth: "session" | "none";
  /** The approvers' JSON text and where it came from, when configured. */
  approvers?: { text: string; source: string };
  /** `--otel`: the OTLP/HTTP URL spans are exported to. */
  otel?: string;
  /** `--limit` and `--prices`: every conversation's budget. */
  budget: ServeBudget;
  /** `--max-connections`: on PostgreSQL, the most connections the process opens (undefined: 30). */
  maxConnections?: number;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = "127.0.0.1";
/** Where conversations and the server's tables are kept when `--db` is not given. */
export const DEFAULT_SERVE_DB = ".flow/serve.sqlite";

/** The fewest `--max-connections` allows: three for the conversations (two for statements, one lock), one for the server's tables. */
export const MIN_SERVE_CONNECTIONS = 4;

export type Checked = { ok: true; settings: ServeSettings } | { ok: false; message: string };

export async function checkServeOptions(options: ServeOptions, env: Record<string, string | undefined>, cwd: string): Promise<Checked> {
  const port = Number(options.port ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { ok: false, message: `--port must be a whole number from 0 to 65535, not "${options.port}"` };
  const host = options.host?.trim() || DEFAULT_HOST;
  const auth = options.auth ?? "session";
  if (auth !== "session" && auth !== "none") return { ok: false, message: `--auth is session or none, not "${auth}"` };
  if (auth === "none" && !isLoopback(host)) {
    return { ok: false, message: `--auth none is allowed only when bound to localhost (127.0.0.1, ::1 or localhost), not ${host}: anyone who reaches the port could read and drive every conversation` };
  }
  const maxConnections = options.maxConnections === undefined ? undefined : Number(options.maxConnections);
  if (maxConnections !== undefined && (!/^\d+$/.test(options.maxConnections!.trim()) || maxConnections < MIN_SERVE_CONNECTIONS)) {
    return { ok: false, message: `--max-connections must be a whole number of at least ${MIN_SERVE_CONNECTIONS} (three for the conversations, one for the server's own tables), not "${options.maxConnections}"` };
  }
  const otel = options.otel ? otelEndpoint(env) : undefined;
  if (otel && !otel.ok) return { ok: false, message: otel.message };
  const budget = await readBudget(options.limit, options.prices, cwd);
  if (!budget.ok) return { ok: false, message: budget.message };
  const approvers = await readApprovers(options.approvers, env, cwd);
  if (approvers && "message" in approvers) return { ok: false, message: approvers.message };
  return {
    ok: true,
    settings: { port, host, auth, budget: budget.budget, ...(approvers && { approvers }), ...(otel?.ok && { otel: otel.url }), ...(maxConnections !== undefined && { maxConnections }) },
  };
}

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `--approvers FILE`, else `FLOW_APPROVERS` (JSON text), else `FLOW_APPROVERS_FILE`. */
async function readApprovers(file: string | undefined, env: Record<string, string | undefined>, cwd: string): Promise<{ text: string; source: string } | { message: string } | undefined> {
  const inline = env.FLOW_APPROVERS;
  if (file === undefined && inline?.trim()) return { text: inline, source: "FLOW_APPROVERS" };
  const path = file ?? env.FLOW_APPROVERS_FILE;
  if (path === undefined) return undefined;
  try {
    return { text: await readFile(resolve(cwd, path), "utf8"), source: path };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { message: code === "ENOENT" ? `approvers file not found: ${path}` : `cannot read the approvers file ${path}: ${(error as Error).message}` };
  }
}

/**
 * `flow studio`'s command line, checked before anything opens: the port and host (as `flow serve`), the
 * approvers file (whose `author` role signs in to the Studio), and, without one, localhost only — one
 * local author then, whom every saved version names. Each problem is one sentence (exit 2).
 */
import { userInfo } from "node:os";
import { checkServeOptions, isLoopback } from "../serve/serve-options.js";

export interface StudioCliOptions {
  port?: string;
  host?: string;
  db?: string;
  model?: string;
  approvers?: string;
  proofs?: string[];
}

export const DEFAULT_STUDIO_PORT = 8788;
/** Where versions and sessions are kept when `--db` is not given. */
export const DEFAULT_STUDIO_DB = ".flow/studio.sqlite";

export interface StudioSettings {
  port: number;
  host: string;
  approvers?: { text: string; source: string };
  /** Without approvers: the one local author. */
  localAuthor: string;
}

export type CheckedStudio = { ok: true; settings: StudioSettings } | { ok: false; message: string };

export async function checkStudioOptions(options: StudioCliOptions, env: Record<string, string | undefined>, cwd: string): Promise<CheckedStudio> {
  const checked = await checkServeOptions({ port: options.port ?? String(DEFAULT_STUDIO_PORT), ...(options.host !== undefined && { host: options.host }), ...(options.approvers !== undefined && { approvers: options.approvers }) }, env, cwd);
  if (!checked.ok) return checked;
  const { port, host, approvers } = checked.settings;
  if (!approvers && !isLoopback(host)) {
    return { ok: false, message: `without --approvers the Studio has one local author and no sign-in, so it binds only to localhost (127.0.0.1, ::1 or localhost), not ${host}: pass --approvers FILE with authors (role author) to serve it further` };
  }
  return { ok: true, settings: { port, host, ...(approvers && { approvers }), localAuthor: env.FLOW_AUTHOR?.trim() || localName() } };
}

function localName(): string {
  try {
    return userInfo().username || "local";
  } catch {
    return "local";
  }
}

/**
 * The page's calls to the Studio's API (relative URLs, same origin, the author's session cookie), and
 * the shapes they answer with. A refusal comes back as `{ error }`, one sentence, thrown as ApiError.
 */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, body === undefined
    ? { headers: { accept: "application/json" } }
    : { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: `The Studio answered ${response.status}.` }));
  if (!response.ok) throw new ApiError(response.status, (data as { error?: string }).error ?? `The Studio answered ${response.status}.`);
  return data as T;
}

/**
 * For a view that several requests can fill at once (the tab clicked twice, Save beside the tab): each
 * `begin()` starts a newer request and returns whether it is still the newest when its answer arrives,
 * so a slow older answer is dropped instead of replacing a newer one.
 */
export function newestOnly(): () => () => boolean {
  let newest = 0;
  return () => {
    const mine = ++newest;
    return () => mine === newest;
  };
}

export const skillApi = (key: string, rest = "") => `studio/api/skills/${encodeURIComponent(key)}${rest}`;

export type Inline = Array<string | { code: string }>;

export interface Diagnostic {
  file: string; line: number; column: number; endLine?: number; endColumn?: number;
  ruleId: string; severity: "error" | "warning"; reason: string; fix?: string;
}

export interface CanvasStep {
  id: string; kind: string; line: number; column: number; endLine: number; title: string; text?: string;
  tool?: "lookup" | "write"; gated?: boolean; coveredBy?: Array<{ confirm: string; stepId: string; by?: string }>;
  covers?: Array<{ tool: string; stepId: string }>; by?: string; widget?: string; from?: string; default?: string; checks?: string[]; part?: string;
  problems: Array<{ severity: string; ruleId: string; line: number }>; steps?: CanvasStep[]; way?: string;
}

export interface ProvedWrite {
  tool: string; stepId: string; line: number; description?: string;
  confirmations: Inline[]; approvals: Inline[]; checks: Inline[]; inputs: Inline[];
}

export interface Analysis {
  passes: boolean; errors: number; warnings: number; diagnostics: Diagnostic[]; title?: string;
  canvas: CanvasStep[]; proved?: ProvedWrite[];
}

export interface VersionInfo {
  skill: string; number: number; author: string; createdAt: string; passes: boolean; errors: number; warnings: number; note?: string;
}

export interface Completion {
  label: string; kind: string; detail?: string; documentation?: string; insert: string; sortText?: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/**
 * Answers for people and programs: a JSON body, or a problem as `{ "error": "one sentence" }` with its
 * status (never a stack trace), its long names cut as in every message (`shortenNames`: a 100 KB path
 * or id is shown by its start, "…" and its length).
 */
import { shortenNames } from "@skillflow/core/text";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

export function problem(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ error: shortenNames(message) }, status, headers);
}

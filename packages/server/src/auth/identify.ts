/**
 * Who is calling. Conversations belong to their caller: the chat page's session cookie (`sf_session`)
 * or an API caller's bearer token (`POST /sessions` issues one) names a caller, and a thread is
 * claimed by the first caller that runs on it. With `auth: "none"` (allowed only on localhost) every
 * request is the one local caller. Approvers are separate: HTTP Basic (id and credential) or the
 * approver page's session cookie (`sf_approver`), checked against the configured approvers.
 */
import type { Approver } from "../approvals/approvers.js";
import { problem } from "../http/respond.js";
import type { ServerContext } from "../server-context.js";
import { basicOf, bearerOf, cookieOf } from "./cookies.js";

export type AuthMode = "session" | "none";

export const CALLER_COOKIE = "sf_session";
export const APPROVER_COOKIE = "sf_approver";
/** An approver's page session lasts 8 hours. */
export const APPROVER_SESSION_MS = 8 * 3600_000;

export type Identified<T> = { ok: true; who: T } | { ok: false; response: Response };

export async function identifyCaller(ctx: ServerContext, request: Request, mode: AuthMode): Promise<Identified<string>> {
  if (mode === "none") return { ok: true, who: "local" };
  const bearer = bearerOf(request);
  const token = bearer ?? cookieOf(request, CALLER_COOKIE);
  if (!token) {
    return { ok: false, response: problem(401, "No session: open the chat page, or send Authorization: Bearer TOKEN (POST /sessions issues a token).") };
  }
  const caller = await ctx.store.sessionSubject("caller", token, ctx.now());
  if (!caller) {
    const what = bearer ? "bearer token" : "session cookie";
    return { ok: false, response: problem(401, `Unknown ${what}: POST /sessions issues a new token (the chat page does it by itself).`) };
  }
  return { ok: true, who: caller };
}

/** The verified approver of a request, or a 403 that names no detail (unknown id and wrong credential read the same). */
export async function identifyApprover(ctx: ServerContext, request: Request): Promise<Identified<Approver>> {
  const denied = { ok: false as const, response: problem(403, "Unknown approver or wrong credential: sign in on /approve, or send Authorization: Basic with your approver id and credential.") };
  const basic = basicOf(request);
  if (basic) {
    const approver = await ctx.approvers.verify(basic.id, basic.secret);
    return approver ? { ok: true, who: approver } : denied;
  }
  const token = cookieOf(request, APPROVER_COOKIE);
  if (!token) return denied;
  const id = await ctx.store.sessionSubject("approver", token, ctx.now(), APPROVER_SESSION_MS);
  const approver = id ? ctx.approvers.find(id) : undefined;
  return approver ? { ok: true, who: approver } : denied;
}

/**
 * Who is editing: the author every version records. With approvers configured (the same file as `flow
 * serve --approvers`), an author signs in with their id and credential and must hold the role `author`;
 * the session is the server's own (`ServeStore` sessions of kind `author`, cookie `sf_author`, 12 hours).
 * Without approvers the Studio runs for one local author (the login name of whoever started it; the CLI
 * allows this only on localhost).
 */
import { cookieOf, problem, sessionCookie, type ApproverDirectory, type ServeStore } from "@skillflow/server";

export const AUTHOR_COOKIE = "sf_author";
export const AUTHOR_ROLE = "author";
export const AUTHOR_SESSION_MS = 12 * 3600_000;

export type AuthorAuth = { mode: "local"; author: string } | { mode: "sign-in"; approvers: ApproverDirectory };

export type Identified = { ok: true; author: string } | { ok: false; response: Response };

export async function identifyAuthor(auth: AuthorAuth, store: ServeStore, request: Request, now: string): Promise<Identified> {
  if (auth.mode === "local") return { ok: true, author: auth.author };
  const token = cookieOf(request, AUTHOR_COOKIE);
  const id = token ? await store.sessionSubject("author", token, now, AUTHOR_SESSION_MS) : undefined;
  const author = id ? auth.approvers.find(id) : undefined;
  if (author?.roles.includes(AUTHOR_ROLE)) return { ok: true, author: author.id };
  return { ok: false, response: problem(401, "Sign in to the Studio first: an author's id and credential (the approvers file, role author).") };
}

/** Check an author's id and credential; a session cookie for them, or a 403 that names no detail. */
export async function signInAuthor(auth: AuthorAuth, store: ServeStore, id: string, credential: string, now: string): Promise<{ ok: true; author: string; cookie: string } | { ok: false; response: Response }> {
  if (auth.mode === "local") return { ok: true, author: auth.author, cookie: "" };
  const approver = await auth.approvers.verify(id, credential);
  if (!approver || !approver.roles.includes(AUTHOR_ROLE)) {
    return { ok: false, response: problem(403, "Unknown author or wrong credential (an author holds the role author in the approvers file).") };
  }
  const token = await store.createSession("author", approver.id, now);
  return { ok: true, author: approver.id, cookie: sessionCookie(AUTHOR_COOKIE, token, AUTHOR_SESSION_MS / 1000) };
}

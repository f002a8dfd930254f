/**
 * The approvals endpoint, for verified approvers only (never reachable through /agui):
 *
 *   POST /approvals/session   { approver, credential } → sets the approver page's session cookie
 *   GET  /approvals           the waiting requests the approver's roles may answer, each with its card
 *   POST /approvals/:id       { yes: boolean, option? } → answers one request (a decide's approval carries one of its options)
 *
 * Unknown approver or wrong credential → 403; a role the approver does not hold → 403; a request that
 * is no longer the one the conversation waits on (its card changed, it was answered) → 409. In each of
 * those cases nothing changes. An answer is recorded in the audit (who, when, the card digest) and the
 * turn it produced is kept for the conversation's next run.
 */
import type { Approver } from "./approvers.js";
import { APPROVER_COOKIE, APPROVER_SESSION_MS, identifyApprover } from "../auth/identify.js";
import { sessionCookie } from "../auth/cookies.js";
import { readJson } from "../http/read-json.js";
import { json, problem } from "../http/respond.js";
import type { LockHold, TurnResult } from "../flow-port.js";
import { turnLogLine } from "../log/turn-log.js";
import { eventIdOf } from "../runs/run-journal.js";
import { skillName, toShown, type ServerContext } from "../server-context.js";
import type { ApprovalRecord } from "../store/serve-types.js";
import { syncApprovals } from "./sync-approvals.js";

/** Sign in on the approver page: verify once, then a session cookie (8 hours). */
export async function signInApprover(ctx: ServerContext, request: Request, bodyLimit: number): Promise<Response> {
  const body = await readJson(request, bodyLimit);
  if (!body.ok) return body.response;
  const { approver, credential } = (body.value ?? {}) as Record<string, unknown>;
  if (typeof approver !== "string" || typeof credential !== "string") {
    return problem(400, "Sign in with { \"approver\": \"ID\", \"credential\": \"…\" }.");
  }
  const found = await ctx.approvers.verify(approver, credential);
  if (!found) return problem(403, "Unknown approver or wrong credential.");
  const token = await ctx.store.createSession("approver", found.id, ctx.now());
  return json({ approver: found.id, roles: found.roles }, 200, { "set-cookie": sessionCookie(APPROVER_COOKIE, token, APPROVER_SESSION_MS / 1000) });
}

/** The waiting requests this approver's roles may answer. */
export async function listApprovals(ctx: ServerContext, request: Request): Promise<Response> {
  const who = await identifyApprover(ctx, request);
  if (!who.ok) return who.response;
  const waiting = await ctx.store.waitingApprovals(who.who.roles);
  return json({ approver: who.who.id, roles: who.who.roles, requests: waiting.map(publicView) });
}

/** Answer request `id` with yes or no. */
export async function answerApproval(ctx: ServerContext, request: Request, id: string, bodyLimit: number): Promise<Response> {
  const who = await identifyApprover(ctx, request);
  if (!who.ok) return who.response;
  const body = await readJson(request, bodyLimit);
  if (!body.ok) return body.response;
  const answer = body.value as Record<string, unknown> | null;
  const yes = answer?.yes;
  if (typeof yes !== "boolean") return problem(400, "Answer with { \"yes\": true } to approve or { \"yes\": false } to decline.");
  const record = await ctx.store.approval(id);
  if (!record) return problem(404, `No approval request ${id}.`);
  if (!who.who.roles.includes(record.role)) {
    return problem(403, `${who.who.id} may approve as ${who.who.roles.join(", ")}; request ${id} needs ${record.role}.`);
  }
  const option = optionOf(record, yes, answer?.option);
  if (typeof option === "object") return option;
  return ctx.store.db.lock.run(record.threadId, (hold) => answerLocked(ctx, record.id, who.who, yes, hold, option));
}

/** `hold`: the conversation's lock as this answer holds it; the flow's turn runs inside it. */
async function answerLocked(ctx: ServerContext, id: string, approver: Approver, yes: boolean, hold: LockHold | undefined, option: string | undefined): Promise<Response> {
  const record = (await ctx.store.approval(id))!;
  if (record.status !== "waiting") return conflict(record);
  const state = await ctx.flow.state(record.threadId);
  const pending = state?.pending;
  const event = { approve: record.confirm, by: record.role, yes, request: record.requestId, ...(option !== undefined && { option }) };
  const started = performance.now();
  let turn: TurnResult | undefined;
  if (pending?.kind !== "approval" || pending.requestId !== record.requestId) {
    // An earlier attempt whose process died after the flow took this approval: finish recording it.
    const taken = Object.values(state?.approvals ?? {}).some((a) => a.id === record.requestId && a.status === (yes ? "approved" : "rejected"));
    turn = taken ? await ctx.flow.lastTurn(record.threadId) : undefined;
    if (!turn) {
      await ctx.store.setApprovalStatus(record.id, "stale");
      return conflict({ ...record, status: "stale" });
    }
  }
  // The event's id makes a retry of an approval whose first attempt died mid-turn apply once.
  turn ??= await ctx.flow.send(record.threadId, event, { eventId: eventIdOf(record.id, option ?? String(yes), 0), hold });
  ctx.log(turnLogLine({ at: ctx.now(), via: "approval", thread: record.threadId, skill: skillName(ctx.flow, turn), event, turn, durationMs: performance.now() - started }));
  if (!turn.trace.some((t) => t.type === "approval_given")) {
    await syncApprovals(ctx, record.threadId, turn);
    return conflict({ ...record, status: "stale" });
  }
  const at = ctx.now();
  await ctx.store.setApprovalStatus(record.id, yes ? "approved" : "rejected", approver.id, at);
  await ctx.store.audit({ approvalId: record.id, threadId: record.threadId, requestId: record.requestId, approver: approver.id, role: record.role, yes, digest: record.card.digest, at });
  await syncApprovals(ctx, record.threadId, turn);
  const thread = await ctx.store.readThread(record.threadId);
  if (thread) await ctx.store.writeThread({ ...thread, outbox: [...thread.outbox, toShown(turn)] });
  return json({ request: publicView({ ...record, status: yes ? "approved" : "rejected", answeredBy: approver.id, answeredAt: at }), reply: turn.reply });
}

/**
 * The option an answer to a decide's request carries: an approval needs one of the request's options
 * (400 otherwise); a decline carries none. A confirm's request takes no option. The 400 when it does not fit.
 */
function optionOf(record: ApprovalRecord, yes: boolean, option: unknown): string | undefined | Response {
  const options = record.card.options;
  if (!options) return option === undefined ? undefined : problem(400, `Request ${record.id} is an approval of a card, not a choice: answer with { "yes": true } or { "yes": false }, without "option".`);
  const keys = options.map((o) => o.key).join(", ");
  if (!yes) return option === undefined ? undefined : problem(400, `A decline of request ${record.id} carries no option: it is the decision "no".`);
  if (typeof option !== "string" || !options.some((o) => o.key === option)) {
    return problem(400, `Request ${record.id} is a choice: answer with { "yes": true, "option": KEY }, KEY one of ${keys}, or { "yes": false } to decline.`);
  }
  return option;
}

function conflict(record: ApprovalRecord): Response {
  const why = record.status === "stale"
    ? "the conversation no longer waits on it (its card changed since, or it was withdrawn), so a new request replaces it"
    : `it was already ${record.status}${record.answeredBy ? ` by ${record.answeredBy}` : ""}`;
  return problem(409, `Request ${record.id} cannot be answered: ${why}. Nothing was changed.`);
}

/** What an approver sees of a request: its card (every write with its exact inputs) and where it stands. */
function publicView(r: ApprovalRecord): Record<string, unknown> {
  return {
    id: r.id, thread: r.threadId, confirm: r.confirm, role: r.role, status: r.status, createdAt: r.createdAt,
    question: r.card.question, card: r.card, ...(r.card.options && { options: r.card.options }),
    ...(r.answeredBy && { answeredBy: r.answeredBy, answeredAt: r.answeredAt }),
  };
}

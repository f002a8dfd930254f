/**
 * Approval requests of `confirm … by:` steps. Each filing gets an id of its own, unique in the flow (the
 * flow id is part of it, and so is the turn it was filed on), so an approval can name exactly the
 * request its approver saw. Per confirm, the state keeps the current request and the one it superseded
 * (so an approval for it is recognised as stale); older ones are dropped.
 */
import { emit, record, type Run } from "./run-context.js";
import type { ApprovalRequest, Card, DecideChoice, FlowState } from "./types.js";

/** The request filed last for the confirm stored under `key`, if any. */
export function latestRequest(state: FlowState, key: string): ApprovalRequest | undefined {
  let latest: ApprovalRequest | undefined;
  for (const request of Object.values(state.approvals)) {
    if (request.key === key && (!latest || request.filed > latest.filed)) latest = request;
  }
  return latest;
}

/** Files a request for `card` (with `options` for a decide), keeps it and the one it supersedes, and announces it. */
export function fileRequest(run: Run, key: string, confirm: string, role: string, card: Card, options?: DecideChoice[]): ApprovalRequest {
  const state = run.state;
  const previous = latestRequest(state, key);
  const filed = state.turn;
  const id = `${key}#${run.digest(["approval", state.flowId, key, card.digest, filed]).slice(0, 16)}`;
  const request: ApprovalRequest = { id, key, confirm, role, card, status: "waiting", filed, ...(options ? { options } : {}) };
  for (const [other, r] of Object.entries(state.approvals)) {
    if (r.key === key && other !== previous?.id) delete state.approvals[other];
  }
  state.approvals[id] = request;
  emit(run, { type: "request_approval", request: { ...request } });
  record(run, { type: "approval_requested", confirm, role, id });
  return request;
}

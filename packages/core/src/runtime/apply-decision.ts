/**
 * Applying a choice to a `decide`: a press (or a row click, or typed words read as one) of an option at
 * the decide the person was shown, or a role's approval carrying an option (a rejection is `no`). A
 * choice counts only while its decide is the one pending, for the question as rendered (`card`: its
 * digest), and only with one of the options offered; anything else is dropped with its reason in the
 * trace. The decision is kept with the confirmations (`option`), bound to that digest. Pure over the run.
 */
import { drop } from "./propose-value.js";
import { emit, record, type Run } from "./run-context.js";
import type { ApprovalRequest } from "./types.js";

/** The person chose `option` at the decide `decide` (`card`: the digest of the question they saw). */
export function applyChoice(run: Run, decide: string, option: unknown, card: string | undefined): void {
  const pending = run.state.pending;
  if (pending?.kind !== "decide" || pending.decide !== decide) {
    return void drop(run, decide, "no such decision is waiting for a choice");
  }
  if (card !== undefined && card !== pending.digest) {
    drop(run, decide, "the question changed after it was shown; the choice answered the earlier question");
    return emit(run, { type: "say", text: "The question has changed since you saw it, so that choice was not taken. Please choose again." });
  }
  if (typeof option !== "string" || !pending.options.some((o) => o.key === option)) {
    return void drop(run, decide, `not one of the options: ${pending.options.map((o) => o.key).join(", ")}`);
  }
  const { key, digest } = pending;
  run.state.confirmations[key] = { key, confirm: decide, answer: "yes", option, digest, by: "user", turn: run.state.turn };
  record(run, { type: "decision_given", decide, option, by: "user", digest });
}

/**
 * The role's answer to a decide's request: an approval counts only with one of the request's options;
 * a rejection is the decision `no`. The caller has checked the request is waiting and the role matches.
 */
export function applyRoleChoice(run: Run, request: ApprovalRequest, yes: boolean, option: string | undefined): void {
  const options = request.options ?? [];
  if (yes && (option === undefined || !options.some((o) => o.key === option))) {
    const offered = options.map((o) => o.key).join(", ");
    return void drop(run, request.confirm, option === undefined ? `an approval of this decision must carry one of the options: ${offered}` : `not one of the options: ${offered}`);
  }
  const chosen = yes ? option! : "no";
  run.state.approvals[request.id] = { ...request, status: yes ? "approved" : "rejected", ...(yes ? { option: chosen } : {}) };
  run.state.confirmations[request.key] = {
    key: request.key, confirm: request.confirm, answer: yes ? "yes" : "no", option: chosen, digest: request.card.digest, by: "approval", turn: run.state.turn,
  };
  record(run, { type: "approval_given", confirm: request.confirm, role: request.role, yes, option: chosen });
  record(run, { type: "decision_given", decide: request.confirm, option: chosen, by: "approval", digest: request.card.digest });
  if (!yes) emit(run, { type: "say", text: `${request.role} declined to choose.` });
}

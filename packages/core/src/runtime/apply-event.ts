/**
 * Applying an event to the draft state, before the replay. Person and outside events start a new turn
 * (and reset the per-event tool-call count and failed writes); tool results do not. A press answers
 * only the card on screen; an approval only the waiting request of the role it names (and, when it
 * names a request, only while that request is the one waiting). A person event that changes answers
 * after a write has completed is put on trial (see try-change.ts).
 */
import { applyText } from "./apply-text.js";
import { applyToolResult } from "./apply-tool-result.js";
import { clearPass, isPassPick } from "./clear-pass.js";
import { copyState } from "./copy-state.js";
import { drop, proposeValue } from "./propose-value.js";
import { emit, record, type Run } from "./run-context.js";
import { indexOf } from "../compile/compile-skill.js";
import { applyChoice, applyRoleChoice } from "./apply-decision.js";
import { declaredField } from "./skill-index.js";
import { abandonTrial, beginTrial, hasCompletedWrite } from "./try-change.js";
import type { FlowEvent } from "./types.js";
import { ownValue } from "../own-value.js";

type Of<T extends FlowEvent["type"]> = Extract<FlowEvent, { type: T }>;

export function applyEvent(run: Run, event: FlowEvent): void {
  if (event.type === "tool_result") return applyToolResult(run, event);
  abandonTrial(run);
  startTurn(run);
  // The state before the event is kept only when the event may be put on trial (a write has completed).
  const before = hasCompletedWrite(run.state) ? copyState(run.state) : undefined;
  if (event.type === "approve") run.state.approvedLast = true;
  else delete run.state.approvedLast;
  applyPersonEvent(run, event);
  if (before) beginTrial(run, before);
}

function applyPersonEvent(run: Run, event: Exclude<FlowEvent, { type: "tool_result" }>): void {
  switch (event.type) {
    case "text": return applyText(run, event);
    case "pick": return applyPick(run, event);
    case "press": return applyPress(run, event);
    case "approve": return applyApprove(run, event);
    case "preset":
      for (const [name, value] of Object.entries(event.values)) proposeValue(run, name, value, "fixture");
  }
}

/** A row click: the pass to change at a failing repeat check, or a field's value. */
function applyPick(run: Run, event: Of<"pick">): void {
  const pending = run.state.pending;
  if (isPassPick(pending) && pending.field === event.field) return clearPass(run, pending, event.value);
  // A row click at a decide's buttons is the press of that option.
  if (pending?.kind === "decide" && pending.decide === event.field) return applyChoice(run, event.field, event.value, undefined);
  proposeValue(run, event.field, event.value, "widget");
}

function startTurn(run: Run): void {
  const state = run.state;
  state.turn += 1;
  state.callsThisEvent = 0;
  state.failedThisEvent = [];
  for (const [key, entry] of Object.entries(state.lookups)) if (entry.error !== undefined) delete state.lookups[key];
}

function applyPress(run: Run, event: Of<"press">): void {
  const pending = run.state.pending;
  if (event.option !== undefined || declaredField(run.skill, event.confirm)?.decide) {
    if (event.option !== undefined && !event.yes) return void drop(run, event.confirm, "a press of an option is a choice, not a no");
    return applyChoice(run, event.confirm, event.option, event.card);
  }
  const role = indexOf(run.skill).confirms.get(event.confirm)?.[0]?.by;
  if (role) return void drop(run, event.confirm, `needs an approval by ${role}; a button press cannot give it`);
  if (pending?.kind !== "confirm" || pending.confirm !== event.confirm) {
    return void drop(run, event.confirm, "no such confirmation is waiting for an answer");
  }
  const { key, card } = pending;
  if (event.card !== undefined && event.card !== card.digest) return refuseStalePress(run, event);
  run.state.confirmations[key] = { key, confirm: event.confirm, answer: event.yes ? "yes" : "no", digest: card.digest, by: "user", turn: run.state.turn };
  record(run, { type: "confirm_given", confirm: event.confirm, yes: event.yes, digest: card.digest });
  if (!event.yes) emit(run, { type: "say", text: SAID_NO });
}

/** Said on a no: the card is shown again below it, so the person sees that nothing ran and why. */
export const SAID_NO = "You said no, so nothing was run. Change what you need, or say yes when it is right.";

function applyApprove(run: Run, event: Of<"approve">): void {
  const pending = run.state.pending;
  const waitingNow = pending?.kind === "approval" && pending.confirm === event.confirm ? pending.requestId : undefined;
  if (event.request !== undefined && event.request !== waitingNow) return refuseStale(run, event, waitingNow);
  const request = waitingNow !== undefined ? ownValue(run.state.approvals, waitingNow) : undefined;
  if (!request || request.status !== "waiting") return void drop(run, event.confirm, "no approval request is waiting");
  if (request.role !== event.by) {
    return void drop(run, event.confirm, `only ${request.role} can approve this, not ${event.by}`);
  }
  if (request.options) return applyRoleChoice(run, request, event.yes, event.option);
  if (event.option !== undefined) return void drop(run, event.confirm, "this request is a confirmation, not a choice between options");
  run.state.approvals[request.id] = { ...request, status: event.yes ? "approved" : "rejected" };
  const answer = event.yes ? "yes" : "no";
  run.state.confirmations[request.key] = { key: request.key, confirm: request.confirm, answer, digest: request.card.digest, by: "approval", turn: run.state.turn };
  record(run, { type: "approval_given", confirm: event.confirm, role: event.by, yes: event.yes });
  if (!event.yes) emit(run, { type: "say", text: `${request.role} did not approve this.` });
}

/**
 * A press for a card that is no longer the one pending (what it lists changed after it was shown):
 * nothing is answered; the replay shows the card as it is now.
 */
function refuseStalePress(run: Run, event: Of<"press">): void {
  drop(run, event.confirm, "the card changed after it was shown; the press answered the earlier card");
  emit(run, { type: "say", text: "What you were asked to confirm has changed since you saw it, so nothing was done. Please check the new details." });
}

/** An approval naming a request that is not the one waiting: recorded and said; nothing is applied. */
function refuseStale(run: Run, event: Of<"approve">, current: string | undefined): void {
  const request = event.request!;
  record(run, { type: "approval_stale", confirm: event.confirm, role: event.by, request, ...(current ? { current } : {}) });
  emit(run, { type: "say", text: staleApprovalText(run, request, current) });
}

/** What is true of an approval naming a request that is not the one waiting. Pure over the run. */
function staleApprovalText(run: Run, id: string, current: string | undefined): string {
  const named = ownValue(run.state.approvals, id);
  const waiting = current === undefined ? undefined : ownValue(run.state.approvals, current);
  const end = "so it was not applied and nothing was run.";
  if (named && waiting && named.card.digest !== waiting.card.digest) return `That approval was for an earlier version of this request (the card has changed since), ${end}`;
  if (named && named.status !== "waiting") return `That request was already ${named.status === "approved" ? "approved" : "declined"}, ${end}`;
  if (!waiting) return named ? `No approval is waiting for this request now, ${end}` : `That approval names request ${id}, and no approval is waiting now, ${end}`;
  if (!named) return `That approval names request ${id}, which is not the one waiting, ${end}`;
  return `That approval was for an earlier request for the same card; request ${current} is the one waiting now, ${end}`;
}

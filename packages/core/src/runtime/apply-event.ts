/**
 * Applying an event to the draft state, before the replay. Person and outside events start a new turn
 * (and reset the per-event tool-call count and failed writes); tool results do not. A press answers
 * only the card on screen; an approval only the waiting request of the role it names.
 */
import { applyText } from "./apply-text.js";
import { applyToolResult } from "./apply-tool-result.js";
import { drop, proposeValue } from "./propose-value.js";
import { emit, record, type Run } from "./run-context.js";
import { indexSkill } from "./skill-index.js";
import type { FlowEvent } from "./types.js";

type Of<T extends FlowEvent["type"]> = Extract<FlowEvent, { type: T }>;

export function applyEvent(run: Run, event: FlowEvent): void {
  if (event.type === "tool_result") return applyToolResult(run, event);
  startTurn(run);
  switch (event.type) {
    case "text": return applyText(run, event);
    case "pick": return void proposeValue(run, event.field, event.value, "widget");
    case "press": return applyPress(run, event);
    case "approve": return applyApprove(run, event);
    case "preset":
      for (const [name, value] of Object.entries(event.values)) proposeValue(run, name, value, "fixture");
  }
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
  const role = indexSkill(run.skill).confirms.get(event.confirm)?.[0]?.by;
  if (role) return void drop(run, event.confirm, `needs an approval by ${role}; a button press cannot give it`);
  if (pending?.kind !== "confirm" || pending.confirm !== event.confirm) {
    return void drop(run, event.confirm, "no such confirmation is waiting for an answer");
  }
  const { key, card } = pending;
  run.state.confirmations[key] = { key, answer: event.yes ? "yes" : "no", digest: card.digest, by: "user", turn: run.state.turn };
  record(run, { type: "confirm_given", confirm: event.confirm, yes: event.yes, digest: card.digest });
}

function applyApprove(run: Run, event: Of<"approve">): void {
  const waiting = Object.values(run.state.approvals).filter((r) => r.confirm === event.confirm && r.status === "waiting");
  const pending = run.state.pending;
  const request = waiting.find((r) => pending?.kind === "approval" && r.id === pending.requestId) ?? waiting[0];
  if (!request) return void drop(run, event.confirm, "no approval request is waiting");
  if (request.role !== event.by) {
    return void drop(run, event.confirm, `only ${request.role} can approve this, not ${event.by}`);
  }
  run.state.approvals[request.id] = { ...request, status: event.yes ? "approved" : "rejected" };
  const key = request.id.slice(0, request.id.lastIndexOf("#"));
  const answer = event.yes ? "yes" : "no";
  run.state.confirmations[key] = { key, answer, digest: request.card.digest, by: "approval", turn: run.state.turn };
  record(run, { type: "approval_given", confirm: event.confirm, role: event.by, yes: event.yes });
  if (!event.yes) emit(run, { type: "say", text: `${request.role} did not approve this.` });
}

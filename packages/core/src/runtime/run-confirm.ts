/**
 * The `confirm` step. Its card is rebuilt on every replay; a yes counts only for the digest of the card
 * it answered (the question as rendered, the widget, every covered write with its exact inputs), so any
 * change to what the card shows voids it and shows the new card. A confirm whose writes have all
 * completed stays satisfied. With `by: role`, the yes can only come from an `approve` event naming that
 * role: the runtime files a request for the card and waits; a new card, or an approval voided since,
 * files a new request. Confirms stack: passing one opens its region (regions.ts) without ending others.
 */
import type { ConfirmStep } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { fileRequest, latestRequest } from "./approval-requests.js";
import { buildCard } from "./build-card.js";
import { openRegion } from "./regions.js";
import { showCard } from "./show-card.js";
import { emit, Halt, record, traceStep, type Frame, type Run } from "./run-context.js";
import type { Card } from "./types.js";
import { ownValue } from "../own-value.js";

/** The run's confirm step: passes with a current yes (opening its region), else shows its card or waits. */
export function runConfirm(run: Run, step: ConfirmStep, frame: Frame, frames: Frame[]): void {
  const key = answerKey(step.confirm, frame.scope);
  run.reached.add(key);
  const card = buildCard(run, step, frame, frames);
  const ledger = run.state.ledger;
  if (card.writes.length > 0 && card.writes.every((w) => ownValue(ledger, w.instance)?.status === "done")) {
    return enter(run, step, frame, frames, key, card, "all writes done");
  }
  // An approval that would release nothing on this path is not asked for (the checker rejects a skill
  // where that can happen, except for a `repeat` over an empty list).
  if (step.by && card.writes.length === 0) return enter(run, step, frame, frames, key, card, "covers nothing here");
  const yes = ownValue(run.state.confirmations, key);
  const from = step.by ? "approval" : "user";
  if (yes?.answer === "yes" && yes.by === from) {
    if (yes.digest === card.digest) return enter(run, step, frame, frames, key, card, "confirmed");
    delete run.state.confirmations[key];
    record(run, { type: "confirm_voided", confirm: step.confirm, was: yes.digest, now: card.digest });
  }
  if (step.by) waitForApproval(run, step, frame, key, card);
  traceStep(run, step, frame, "shown");
  showCard(run, key, step.id, card);
}

function enter(run: Run, step: ConfirmStep, frame: Frame, frames: Frame[], key: string, card: Card, outcome: string): void {
  openRegion(run, step, key, card, frames);
  traceStep(run, step, frame, outcome, card.digest);
}

/**
 * Waits for the approval of this card: the request filed for it, or a new one when none was filed for
 * this card, or the approval given for it was voided since. A rejection stays until the card changes.
 * On every later turn that finds it still waiting, the reply says what the flow is waiting for.
 */
function waitForApproval(run: Run, step: ConfirmStep, frame: Frame, key: string, card: Card): never {
  const role = step.by!;
  let request = latestRequest(run.state, key);
  if (request && request.card.digest === card.digest && request.status !== "approved") {
    if (request.status === "waiting") emit(run, { type: "say", text: `Waiting for approval from ${role} for: ${card.question}` });
  } else {
    request = fileRequest(run, key, step.confirm, role, card);
  }
  run.state.pending = { kind: "approval", confirm: step.confirm, key, stepId: step.id, role, requestId: request.id };
  traceStep(run, step, frame, `waiting for ${role}`, card.digest);
  throw new Halt("person");
}

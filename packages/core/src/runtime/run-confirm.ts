/**
 * The `confirm` step. Its card is rebuilt on every replay; a yes counts only for the digest it answered,
 * so any change to a covered write or its inputs voids it and shows the new card. A confirm whose writes
 * have all completed stays satisfied. With `by: role`, the yes can only come from an `approve` event
 * naming that role: the runtime files one request per card and waits.
 */
import type { ConfirmStep } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { buildCard } from "./build-card.js";
import { renderIn } from "./eval-in-frame.js";
import { showCard } from "./show-card.js";
import { emit, Halt, record, traceStep, type Frame, type Run } from "./run-context.js";
import type { Card } from "./types.js";
import { ownValue } from "../own-value.js";

export function runConfirm(run: Run, step: ConfirmStep, frame: Frame, frames: Frame[]): void {
  if (run.mode === "collect") throw new Halt("region_end");
  // A "verify" walk never stops here; it renders the question for the lookups it reads, as a run does.
  if (run.mode === "verify") return void renderIn(run, step.question, frame);
  const key = answerKey(step.confirm, frame.scope);
  const card = buildCard(run, step, frame, frames);
  const ledger = run.state.ledger;
  if (card.writes.length > 0 && card.writes.every((w) => ownValue(ledger, w.instance)?.status === "done")) {
    return enterRegion(run, step, frame, key, card, "all writes done");
  }
  const yes = ownValue(run.state.confirmations, key);
  const from = step.by ? "approval" : "user";
  if (yes?.answer === "yes" && yes.by === from) {
    if (yes.digest === card.digest) return enterRegion(run, step, frame, key, card, "confirmed");
    delete run.state.confirmations[key];
    record(run, { type: "confirm_voided", confirm: step.confirm, was: yes.digest, now: card.digest });
  }
  if (step.by) waitForApproval(run, step, frame, key, card);
  traceStep(run, step, frame, "shown");
  showCard(run, key, step.id, card);
}

function enterRegion(run: Run, step: ConfirmStep, frame: Frame, key: string, card: Card, outcome: string): void {
  run.region = { key, stepId: step.id, card };
  traceStep(run, step, frame, outcome);
}

/**
 * Files the approval request for this card once, then waits for it. On every later turn that finds it
 * still waiting, the reply says what the flow is waiting for.
 */
function waitForApproval(run: Run, step: ConfirmStep, frame: Frame, key: string, card: Card): never {
  const role = step.by!;
  const id = `${key}#${card.digest.slice(0, 16)}`;
  const filed = ownValue(run.state.approvals, id);
  if (!filed) {
    const request = { id, confirm: step.confirm, role, card, status: "waiting" as const };
    run.state.approvals[id] = request;
    emit(run, { type: "request_approval", request: { ...request } });
    record(run, { type: "approval_requested", confirm: step.confirm, role, id });
  } else if (filed.status === "waiting") {
    emit(run, { type: "say", text: `Waiting for approval from ${role} for: ${card.question}` });
  }
  run.state.pending = { kind: "approval", confirm: step.confirm, key, stepId: step.id, role, requestId: id };
  traceStep(run, step, frame, `waiting for ${role}`);
  throw new Halt("person");
}

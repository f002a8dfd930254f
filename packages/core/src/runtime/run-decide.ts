/**
 * The `decide` step. Its question is rendered on every replay, and a decision counts only for the digest
 * of the question as rendered with its options: when the question changes, the decision is void and the
 * question is shown again (with `by:`, a new request is filed). Without `by:`, the person chooses: the
 * question is shown with one button per option (an `ask` effect with a `choices` widget whose rows are the
 * options) and the flow waits (`pending.kind: "decide"`). With `by: role`, a request carrying the options
 * is filed to the role and the flow waits for its approval (an option) or rejection (`no`). The decision
 * is kept with the confirmations (`option`), so a decide the path no longer reaches is void like a yes.
 */
import type { DecideStep } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { fileRequest, latestRequest } from "./approval-requests.js";
import { renderShown } from "./eval-in-frame.js";
import { emit, Halt, record, traceStep, type Frame, type Run } from "./run-context.js";
import type { Card, DecideChoice } from "./types.js";
import { ownValue } from "../own-value.js";

/** The name of the widget a decide's buttons are drawn with. */
export const DECIDE_WIDGET = "decide";

/** Passes with a current decision; else shows the question with its options, or waits for the role. */
export function runDecide(run: Run, step: DecideStep, frame: Frame): void {
  const key = answerKey(step.decide, frame.scope);
  run.reached.add(key);
  const question = renderShown(run, step.question, frame);
  const options: DecideChoice[] = step.options.map((o) => ({ key: o.key, label: o.label }));
  const digest = run.digest(["decide", key, question, options, step.by ?? ""]);
  const held = ownValue(run.state.confirmations, key);
  if (held?.option !== undefined && held.by === (step.by ? "approval" : "user")) {
    if (held.digest === digest) return traceStep(run, step, frame, `decided ${held.option}`, digest);
    delete run.state.confirmations[key];
    record(run, { type: "confirm_voided", confirm: step.decide, was: held.digest, now: digest });
  }
  if (step.by) waitForRole(run, step, frame, key, { confirm: step.decide, question, writes: [], digest, options }, options);
  run.state.pending = { kind: "decide", decide: step.decide, key, stepId: step.id, question, options, digest };
  const rows = options.map((o) => ({ id: o.key, label: o.label }));
  emit(run, { type: "ask", field: step.decide, question, widget: { name: DECIDE_WIDGET, kind: "choices", field: step.decide, rows }, secret: false });
  traceStep(run, step, frame, "shown", digest);
  throw new Halt("person");
}

/**
 * Waits for the role's choice on this question: the request filed for it, or a new one when none was
 * filed for this question (or the one filed was answered for an earlier question).
 */
function waitForRole(run: Run, step: DecideStep, frame: Frame, key: string, card: Card, options: DecideChoice[]): never {
  const role = step.by!;
  let request = latestRequest(run.state, key);
  if (request && request.card.digest === card.digest && request.status === "waiting") {
    emit(run, { type: "say", text: `Waiting for ${role} to choose: ${card.question}` });
  } else {
    request = fileRequest(run, key, step.decide, role, card, options);
  }
  run.state.pending = { kind: "approval", confirm: step.decide, key, stepId: step.id, role, requestId: request.id };
  traceStep(run, step, frame, `waiting for ${role}`, card.digest);
  throw new Halt("person");
}


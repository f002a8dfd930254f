/**
 * The `handoff` step: the conversation goes to a person outside it. The hand-off tool needs no confirm
 * (it changes nothing the person owns) but runs like a write otherwise: recorded `started` in the
 * ledger before it is sent, at most once per flow, with a stable idempotency key, re-sent with the same
 * inputs and key while in doubt. Once it is done, `tell:` is said, the state records the hand-off, and
 * the walk stops for good (`Halt("handoff")`): the step is terminal. Every later person event is
 * answered with `HANDED_OFF` and applies nothing (`answerClosed`). Mutates only the run.
 */
import type { FlowEvent, FlowState, StepResult } from "./types.js";
import type { HandoffStep } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { noteOutput } from "./bind-inputs.js";
import { stepInputs } from "./bind-step-inputs.js";
import { idempotencyKeyOf } from "./digest.js";
import { renderShown } from "./eval-in-frame.js";
import { checkCallCap, requestCall } from "./request-call.js";
import { emit, fail, Halt, record, traceStep, type Frame, type Run } from "./run-context.js";
import { pinnedEntry } from "./run-do.js";
import { toolFailureText } from "./tool-failure-text.js";
import { ownValue } from "../own-value.js";

/** What every person event after the hand-off is answered with. */
export const HANDED_OFF = "You are with a human agent now: this conversation was handed over to them, so nothing more is done here.";

/** The run's hand-off step: sent once, then said and recorded, and the walk ends. */
export function runHandoff(run: Run, step: HandoffStep, frame: Frame): void {
  const tool = ownValue(run.skill.tools, step.tool);
  if (!tool) fail(run, `Cannot hand the conversation over with ${step.tool}: no such tool.`);
  // The gate holds whatever the IR: a write or a lookup named here is never run as a hand-off.
  if (tool.kind !== "handoff") fail(run, `${tool.name} was not run: it is a ${tool.kind}, not a hand-off tool, so a \`handoff:\` step cannot run it.`);
  const instance = answerKey(step.id, frame.scope);
  const entry = ownValue(run.state.ledger, instance);
  if (entry?.status === "done") {
    // Its output is read by `tell:` (a queue's ticket): noted as a completed write's is.
    noteOutput(run, tool.name, entry.result);
    return handOver(run, step, frame, instance);
  }
  if (entry && (entry.status === "failed" || entry.status === "doubt") && run.state.failedThisEvent.includes(instance)) {
    const maybe = entry.status === "doubt" ? ", so it may or may not have gone through" : "";
    fail(run, `${toolFailureText(tool.name, entry.error)}${maybe}; the conversation was not handed over. Send any message to try again.`);
  }
  const pinned = pinnedEntry(run, instance);
  const inputs = pinned ? pinned.inputs : stepInputs(run, step, tool, frame, true);
  const inputsDigest = pinned ? pinned.inputsDigest : run.digest(inputs);
  const idempotencyKey = pinned ? pinned.idempotencyKey : idempotencyKeyOf(run.digest, run.state.flowId, instance, inputsDigest);
  checkCallCap(run);
  run.state.ledger[instance] = { tool: tool.name, instance, idempotencyKey, inputs, inputsDigest, status: "started", turn: run.state.turn };
  traceStep(run, step, frame, entry?.status === "started" ? "resent" : "started");
  requestCall(run, { tool: tool.name, kind: "handoff", inputs, key: idempotencyKey, instance }, inputsDigest);
}

/** The hand-off ran: `tell:` is said once, the state records it, and nothing after it runs. */
function handOver(run: Run, step: HandoffStep, frame: Frame, instance: string): never {
  if (!run.state.handedOff) {
    const text = renderShown(run, step.tell, frame);
    run.state.handedOff = { tool: step.tool, instance, turn: run.state.turn };
    emit(run, { type: "say", text });
    record(run, { type: "said", text });
    record(run, { type: "handed_off", tool: step.tool, instance });
  }
  traceStep(run, step, frame, "handed off");
  throw new Halt("handoff");
}

/**
 * A person's event to a conversation that is over (handed over, `HANDED_OFF`, or ended, `ENDED`):
 * nothing is applied, nothing runs, and the reply is its one fixed sentence. Tool results still go
 * through `step` (a late result of a call). Pure.
 */
export function answerClosed(state: FlowState, event: FlowEvent, text: string): StepResult {
  return {
    state: { ...state, turn: state.turn + 1 },
    effects: [{ type: "say", text }],
    trace: [{ type: "event", event: event.type, turn: state.turn + 1 }, { type: "said", text }],
  };
}

/**
 * The `do` step. A lookup runs now (or comes from the cache). A write runs only when every confirmation
 * region that covers it (regions.ts: confirms stack) holds a yes for a card listing this write with
 * exactly these inputs — and at least one does — and at most once per flow (the ledger); the returned
 * state already records it `started`, so a retry after a crash carries the same idempotency key. A
 * write that failed during this event stops the chain and asks again.
 */
import type { DoStep, ToolInfo } from "../format/ir.js";
import type { LedgerEntry } from "./types.js";
import { answerKey } from "./answer-keys.js";
import { ensureLookup, noteOutput } from "./bind-inputs.js";
import { stepInputs } from "./bind-step-inputs.js";
import { evaluateIn } from "./eval-in-frame.js";
import { idempotencyKeyOf } from "./digest.js";
import { checkCallCap, requestCall } from "./request-call.js";
import { showCard, waitForNewApproval } from "./show-card.js";
import { emit, fail, traceStep, type Frame, type Region, type Run } from "./run-context.js";
import { noteAsked, regionsCovering } from "./regions.js";
import { writeField } from "../check/dependencies.js";
import { toolFailureText } from "./tool-failure-text.js";
import { ownValue } from "../own-value.js";

export function runDo(run: Run, step: DoStep, frame: Frame): void {
  const tool = ownValue(run.skill.tools, step.tool);
  if (!tool) fail(run, `Cannot run ${step.tool}: no such tool.`);
  const instance = answerKey(step.id, frame.scope);
  if (tool.kind === "lookup") return run.exec.lookup(run, step, tool, frame, instance);
  // The gate holds whatever the IR: a hand-off tool runs only from a `handoff:` step, which ends the conversation.
  if (tool.kind === "handoff") fail(run, `${tool.name} was not run: it is a hand-off tool, so it runs only from a \`handoff:\` step, never from \`do:\`.`);
  run.exec.write(run, step, tool, frame, instance);
}

/** A lookup step: its output now, from the cache or run (which stops the walk for the call). */
export function runLookup(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void {
  ensureLookup(run, tool, frame, instance, evaluateIn);
  traceStep(run, step, frame, "looked up");
}

/**
 * A write in doubt (or sent and not answered) may already have run: it is only ever sent again with
 * exactly the inputs, and so the key, it was sent with; a change to those inputs is refused (try-change).
 */
export function pinnedEntry(run: Run, instance: string): LedgerEntry | undefined {
  const entry = ownValue(run.state.ledger, instance);
  return entry?.status === "doubt" || entry?.status === "started" ? entry : undefined;
}

/** A completed write passed: its output binds later inputs, and is unknown to the confirms open here. */
export function passDone(run: Run, tool: ToolInfo, entry: LedgerEntry): void {
  noteOutput(run, tool.name, entry.result);
  noteAsked(run, writeField(tool.name));
}

/** The run's write step: gated, recorded `started`, then sent to the host. */
export function runWrite(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void {
  const entry = ownValue(run.state.ledger, instance);
  if (entry?.status === "done") {
    passDone(run, tool, entry);
    return traceStep(run, step, frame, "done before");
  }
  const pinned = pinnedEntry(run, instance);
  const inputs = pinned ? pinned.inputs : stepInputs(run, step, tool, frame, true);
  const inputsDigest = pinned ? pinned.inputsDigest : run.digest(inputs);
  const covering = checkGate(run, step, tool.name, instance, inputsDigest);
  if (entry && (entry.status === "failed" || entry.status === "doubt") && run.state.failedThisEvent.includes(instance)) {
    stopAfterFailure(run, covering, tool.name, entry);
  }
  const idempotencyKey = pinned ? pinned.idempotencyKey : idempotencyKeyOf(run.digest, run.state.flowId, instance, inputsDigest);
  // The cap is checked before the ledger records the write as sent (a refused call was never sent).
  checkCallCap(run);
  run.state.ledger[instance] = {
    tool: tool.name, instance, idempotencyKey, inputs, inputsDigest, status: "started", turn: run.state.turn,
  };
  traceStep(run, step, frame, entry?.status === "started" ? "resent" : "started");
  requestCall(run, { tool: tool.name, kind: "write", inputs, key: idempotencyKey, instance }, inputsDigest);
}

/**
 * The write gate: the regions covering this write (at least one), each holding a yes bound to the digest
 * of its card in force, each card listing this write with these inputs. Returns them.
 */
function checkGate(run: Run, step: DoStep, tool: string, instance: string, inputsDigest: string): Region[] {
  const covering = regionsCovering(run, step);
  if (covering.length === 0) fail(run, `${tool} was not run: no confirmation above it was answered yes.`);
  for (const region of covering) {
    const onCard = region.card.writes.find((w) => w.instance === instance);
    if (!onCard || run.digest(onCard.inputs) !== inputsDigest) {
      fail(run, `${tool} was not run: its inputs are not the ones on the confirmation card.`);
    }
    const yes = ownValue(run.state.confirmations, region.key);
    if (yes?.answer !== "yes" || yes.digest !== region.card.digest) {
      fail(run, `${tool} was not run: the confirmation does not match the card.`);
    }
  }
  return covering;
}

/**
 * A write failed this event (in doubt, or rejected by the tool): earlier writes stay done, the person's yes (the innermost covering confirm
 * that is not an approval) returns to "asked", and its card is shown with the error. Covered only by
 * approvals, the approval is asked for again.
 */
function stopAfterFailure(run: Run, covering: Region[], tool: string, entry: LedgerEntry): never {
  const region = [...covering].reverse().find((r) => !r.by) ?? covering[covering.length - 1]!;
  delete run.state.confirmations[region.key];
  const text = toolFailureText(tool, entry.error);
  const message = entry.status === "doubt"
    ? `${text}, so it may or may not have run. Nothing after it was run; confirm again to retry it with the same details.`
    : `${text}. Nothing after it was run; confirm again to retry.`;
  emit(run, { type: "error", message });
  if (region.by) waitForNewApproval(run, region);
  showCard(run, region.key, region.stepId, region.card);
}

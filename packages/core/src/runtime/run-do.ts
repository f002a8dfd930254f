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
import { bindInputs, ensureLookup, noteOutput } from "./bind-inputs.js";
import { compareCompleted } from "./compare-completed.js";
import { idempotencyKeyOf } from "./digest.js";
import { checkCallCap, requestCall } from "./request-call.js";
import { showCard, waitForNewApproval } from "./show-card.js";
import { emit, fail, Halt, traceStep, type Frame, type Region, type Run } from "./run-context.js";
import { collectSkips, depsOf, noteAsked, regionsCovering } from "./regions.js";
import { writeField } from "../check/dependencies.js";
import { toolFailureText } from "./tool-failure-text.js";
import { ownValue } from "../own-value.js";

export function runDo(run: Run, step: DoStep, frame: Frame): void {
  const tool = ownValue(run.skill.tools, step.tool);
  if (!tool) fail(run, `Cannot run ${step.tool}: no such tool.`);
  const instance = answerKey(step.id, frame.scope);
  // A card walk passes over what depends on an answer asked since its confirm (it is not on the card);
  // a write it passes over may still run, so its output is unknown to the card from here on.
  if (collectSkips(run, depsOf(run, step))) {
    if (tool.kind === "write") noteAsked(run, writeField(tool.name));
    return;
  }
  if (tool.kind === "lookup") {
    ensureLookup(run, tool, frame, instance);
    return traceStep(run, step, frame, "looked up");
  }
  runWrite(run, step, tool, frame, instance);
}

function runWrite(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void {
  const entry = ownValue(run.state.ledger, instance);
  if (entry?.status === "done") {
    if (run.mode === "verify") compareCompleted(run, tool, frame, entry);
    noteOutput(run, tool.name, entry.result);
    // A card lists a completed write with the inputs it ran with, so finishing it does not change the card.
    if (run.mode === "collect") run.collected.push({ tool: tool.name, instance, inputs: entry.inputs });
    // Its output was not known when the confirms open here were answered: what reads it is not theirs.
    noteAsked(run, writeField(tool.name));
    return traceStep(run, step, frame, "done before");
  }
  // A write in doubt (or sent and not answered) may already have run: it is only ever sent again with
  // exactly the inputs, and so the key, it was sent with; a change to those inputs is refused (try-change).
  const pinned = entry?.status === "doubt" || entry?.status === "started" ? entry : undefined;
  if (run.mode === "verify") {
    if (pinned?.status === "doubt") compareCompleted(run, tool, frame, pinned);
    return;
  }
  const inputs = pinned ? pinned.inputs : bindInputs(run, tool, frame);
  if (run.mode === "collect") {
    run.collected.push({ tool: tool.name, instance, inputs });
    noteAsked(run, writeField(tool.name));
    return;
  }
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

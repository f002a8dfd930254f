/**
 * The `do` step. A lookup runs now (or comes from the cache). A write runs only inside the region of a
 * confirm answered yes for a card listing this write with exactly these inputs, and at most once per
 * flow (the ledger); the returned state already records it `started`, so a retry after a crash carries
 * the same idempotency key. A write that failed during this event stops the chain and asks again.
 */
import type { DoStep, ToolInfo } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { bindInputs, noteOutput } from "./bind-inputs.js";
import { compareCompleted } from "./compare-completed.js";
import { digestOf, idempotencyKeyOf } from "./digest.js";
import { ensureLookup, requestCall } from "./request-call.js";
import { showCard } from "./show-card.js";
import { emit, fail, Halt, traceStep, type Frame, type Run } from "./run-context.js";
import { toolFailureText } from "./tool-failure-text.js";
import { ownValue } from "../own-value.js";

export function runDo(run: Run, step: DoStep, frame: Frame): void {
  const tool = ownValue(run.skill.tools, step.tool);
  if (!tool) fail(run, `Cannot run ${step.tool}: no such tool.`);
  const instance = answerKey(step.id, frame.scope);
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
    return traceStep(run, step, frame, "done before");
  }
  if (run.mode === "verify") return;
  const inputs = bindInputs(run, tool, frame);
  if (run.mode === "collect") {
    run.collected.push({ tool: tool.name, instance, inputs });
    return;
  }
  const inputsDigest = digestOf(inputs);
  checkGate(run, tool.name, instance, inputsDigest);
  if (entry?.status === "failed" && run.state.failedThisEvent.includes(instance)) stopAfterFailure(run, tool.name, entry.error);
  const idempotencyKey = idempotencyKeyOf(run.state.flowId, instance, inputsDigest);
  run.state.ledger[instance] = {
    tool: tool.name, instance, idempotencyKey, inputs, inputsDigest, status: "started", turn: run.state.turn,
  };
  traceStep(run, step, frame, entry?.status === "started" ? "resent" : "started");
  requestCall(run, { tool: tool.name, kind: "write", inputs, key: idempotencyKey, instance }, inputsDigest);
}

/** The write gate: a yes, bound to the digest of the card in force, listing this write with these inputs. */
function checkGate(run: Run, tool: string, instance: string, inputsDigest: string): void {
  const region = run.region;
  if (!region) fail(run, `${tool} was not run: no confirmation above it was answered yes.`);
  const onCard = region.card.writes.find((w) => w.instance === instance);
  if (!onCard || digestOf(onCard.inputs) !== inputsDigest) {
    fail(run, `${tool} was not run: its inputs are not the ones on the confirmation card.`);
  }
  const yes = ownValue(run.state.confirmations, region.key);
  if (yes?.answer !== "yes" || yes.digest !== region.card.digest) {
    fail(run, `${tool} was not run: the confirmation does not match the card.`);
  }
}

/** A write failed this event: earlier writes stay done, the yes returns to "asked", the card is shown. */
function stopAfterFailure(run: Run, tool: string, error: string | undefined): never {
  const region = run.region!;
  delete run.state.confirmations[region.key];
  emit(run, { type: "error", message: `${toolFailureText(tool, error)}. Nothing after it was run; confirm again to retry.` });
  showCard(run, region.key, region.stepId, region.card);
  throw new Halt("person");
}

/**
 * The run's executor: what a replay does at each step — shows texts, asks, shows cards or waits for an
 * approval, runs lookups and (gated) writes, and traces every step it evaluates.
 */
import type { SayStep } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { copyRecord } from "../own-value.js";
import { renderShown } from "./eval-in-frame.js";
import { endRegionsOf } from "./regions.js";
import { runAsk } from "./run-ask.js";
import { runConfirm } from "./run-confirm.js";
import { runDecide } from "./run-decide.js";
import { emit, record, recordStep, traceStep, type Frame, type Run } from "./run-context.js";
import { runLookup, runWrite } from "./run-do.js";
import { runEnd } from "./run-end.js";
import { runPassChecks } from "./run-pass-checks.js";
import { runHandoff } from "./run-handoff.js";
import type { StepExecutor } from "./step-executor.js";

export const RUN: StepExecutor = {
  say: runSay,
  chat(run, step, frame) {
    run.chats.push(step.instructions);
    traceStep(run, step, frame, "passed");
  },
  ask: runAsk,
  confirm: runConfirm,
  decide: runDecide,
  lookup: runLookup,
  write: runWrite,
  handoff: runHandoff,
  end: runEnd,
  passesOver: () => false,
  endIteration: endRegionsOf,
  loopEnded: runPassChecks,
  goesOnAfterError: () => false,
  trace: recordStep,
};

/** Shows the text unless this say instance's last shown text is the same (`said`, keyed by instance). */
function runSay(run: Run, step: SayStep, frame: Frame): void {
  const text = renderShown(run, step.text, frame);
  const instance = answerKey(step.id, frame.scope);
  const digest = sayDigest(run, instance, text);
  const shown = run.state.said[instance] === digest;
  if (!shown) {
    if (run.ownSaid !== run.state.said) run.state.said = run.ownSaid = copyRecord(run.state.said);
    run.state.said[instance] = digest;
  }
  if (shown) return traceStep(run, step, frame, "already said");
  emit(run, { type: "say", text });
  record(run, { type: "said", text });
  traceStep(run, step, frame, "said");
}

/**
 * The digest of a say instance's text, remembered per instance with the text it was made from: a
 * replay renders the same texts again, and comparing the text is cheaper than hashing it. The digest is
 * a pure function of the text (and the deployment's key), so remembering changes nothing.
 */
const sayMemo = new WeakMap<Run["digest"], Map<string, { text: string; digest: string }>>();
const SAY_MEMO_SIZE = 8192;

function sayDigest(run: Run, instance: string, text: string): string {
  let memo = sayMemo.get(run.digest);
  if (!memo) sayMemo.set(run.digest, (memo = new Map()));
  const known = memo.get(instance);
  if (known?.text === text) return known.digest;
  const digest = run.digest(["say", text]);
  if (memo.size >= SAY_MEMO_SIZE) memo.clear();
  memo.set(instance, { text, digest });
  return digest;
}

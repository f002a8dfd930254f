/**
 * A change after a write has completed is tried before it is kept. The event is applied, then a trial
 * replay (`verifyCompleted`) compares every completed write with the inputs it would receive now —
 * directly, or through the lookups it reads, which run as needed. If one differs (or the check cannot
 * finish), the event is refused as a whole: the state goes back to how it was before the event, the
 * reply says which write already ran with which value, and the trace records it. Otherwise the event's
 * held-back effects are shown and the replay goes on. Pure over the run.
 */
import { formatValue } from "../expr/format-value.js";
import { canonicalJson } from "./digest.js";
import { copyState } from "./copy-state.js";
import { SECRET_MASK } from "./eval-in-frame.js";
import { emit, record, type Conflict, type Run } from "./run-context.js";
import type { FlowState } from "./types.js";
import { verifyCompleted } from "./verify-completed.js";
import { copyRecord, ownValue } from "../own-value.js";
import { nameOfKey } from "./answer-keys.js";

/** True when some write has completed or may have (in doubt): only then can an event be put on trial. Pure. */
export function hasCompletedWrite(state: FlowState): boolean {
  return Object.values(state.ledger).some((entry) => entry.status === "done" || entry.status === "doubt");
}

/** Puts the event just applied on trial when it changed an answer and some write has completed. */
export function beginTrial(run: Run, before: FlowState): void {
  if (!hasCompletedWrite(before)) return;
  const fields = changedFields(before.answers, run.state.answers);
  if (fields.length === 0) return;
  run.state.trial = { before, fields, effects: run.effects };
  run.effects = [];
}

/** Decides the trial when it can; false while a lookup it needs runs (its `call` has been emitted). */
export function settleTrial(run: Run): boolean {
  const trial = run.state.trial!;
  const outcome = verifyCompleted(run);
  if (outcome.kind === "call") return false;
  if (outcome.kind === "checked" && outcome.conflicts.length === 0) {
    delete run.state.trial;
    run.effects = [...trial.effects, ...run.effects];
    return true;
  }
  const conflicts = outcome.kind === "checked" ? outcome.conflicts : [];
  const message = outcome.kind === "checked"
    ? conflictMessage(run, conflicts, trial.fields)
    : `This change could not be checked against the bookings already made (${outcome.error}), so nothing was changed.`;
  restoreBefore(run);
  for (const field of trial.fields) record(run, { type: "refused", field, message });
  const writes = conflicts.map((c) => ({ tool: c.tool, instance: c.instance, inputs: c.inputs }));
  record(run, { type: "change_refused", fields: trial.fields, writes, message });
  emit(run, { type: "refuse", field: trial.fields[0]!, message });
  return true;
}

/** A person event arrived while an earlier one was still on trial (its lookups never came back): drop that one. */
export function abandonTrial(run: Run): void {
  const trial = run.state.trial;
  if (!trial) return;
  restoreBefore(run);
  for (const field of trial.fields) record(run, { type: "dropped", field, reason: "an earlier change was not finished checking" });
}

/** The state before the trial's event, keeping what was learnt meanwhile (lookup results, calls, usage). */
function restoreBefore(run: Run): void {
  const { lookups, callsThisEvent, usage, trial } = run.state;
  const before = copyState(trial!.before);
  delete before.trial;
  run.state = { ...before, lookups: copyRecord(lookups), callsThisEvent, usage };
}

/** Field names whose answer the event set, changed or cleared (a pass picked to change at a repeat check). Pure. */
function changedFields(before: FlowState["answers"], after: FlowState["answers"]): string[] {
  const keys = Object.entries(after).filter(([key, now]) => {
    const was = ownValue(before, key);
    return !was || canonicalJson(was.value) !== canonicalJson(now.value);
  }).map(([key]) => key);
  const cleared = Object.keys(before).filter((key) => !Object.hasOwn(after, key));
  return [...new Set([...keys, ...cleared].map(nameOfKey))];
}

/**
 * "hold_hotel already ran with nights 3, so nights cannot change now." — or "may already have run" for
 * a write in doubt; "transfer may already have handed the conversation over" for a hand-off in doubt the
 * change would leave behind. Secret inputs are masked.
 */
function conflictMessage(run: Run, conflicts: Conflict[], fields: string[]): string {
  const shown = (name: string, value: unknown) => (ownValue(run.skill.fields, name)?.secret ? SECRET_MASK : formatValue(value));
  const ran = conflicts.map((c, i) => {
    if (c.leftBehind) return `${c.tool} may already have handed the conversation over`;
    const values = c.inputs
      .map((name) => (c.was[name] === undefined ? `no ${name}` : `${name} ${shown(name, c.was[name])}`))
      .join(" and ");
    return `${c.tool}${i === 0 ? (c.doubt ? " may already have run" : " already ran") : c.doubt ? " may have run" : ""} with ${values}`;
  });
  return `${ran.join(", and ")}, so ${fields.join(" and ")} cannot change now.`;
}

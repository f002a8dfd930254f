/**
 * The check a "verify" walk makes at a completed write: the inputs it would receive now, bound exactly
 * as a run would bind them (by name and by its step's `with:`), against the inputs it ran with (by digest). An input that has no value now
 * counts as changed. Differences are logged as a conflict; the walk ends once every completed write
 * has been compared.
 */
import type { DoStep, HandoffStep, ToolInfo } from "../format/ir.js";
import { stepInputs } from "./bind-step-inputs.js";
import { canonicalJson } from "./digest.js";
import { Halt, type Frame, type Run } from "./run-context.js";
import type { LedgerEntry } from "./types.js";
import { ownValue } from "../own-value.js";

/** Compares the completed write `entry` with the inputs bound here; logs a conflict when they differ. */
export function compareCompleted(run: Run, step: DoStep | HandoffStep, tool: ToolInfo, frame: Frame, entry: LedgerEntry): void {
  const log = run.verify!;
  const now = stepInputs(run, step, tool, frame, false);
  if (run.digest(now) !== entry.inputsDigest) {
    const names = [...new Set([...Object.keys(entry.inputs), ...Object.keys(now)])];
    const changed = names.filter((name) => canonicalJson(ownValue(now, name)) !== canonicalJson(ownValue(entry.inputs, name)));
    const was = Object.fromEntries(changed.map((name) => [name, ownValue(entry.inputs, name)]));
    log.conflicts.push({ tool: tool.name, instance: entry.instance, inputs: changed, was, ...(entry.status === "doubt" ? { doubt: true } : {}) });
  }
  log.reached.add(entry.instance);
  log.remaining -= 1;
  if (log.remaining <= 0) throw new Halt("region_end");
}

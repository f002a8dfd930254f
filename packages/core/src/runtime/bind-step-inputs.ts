/**
 * The inputs a `do:` step gives its tool: those named in its `with:` from their expressions, evaluated
 * where the walk is (a lookup they read runs on demand, which may stop the walk for its call), and every
 * other input by name (bind-inputs.ts). The run, the card walk and the check of a completed write all
 * bind a step's inputs here, so the card lists exactly what the write will receive, under each input's
 * name. Pure over the run's draft state.
 */
import type { DoStep, HandoffStep, ToolInfo } from "../format/ir.js";
import { inputsWith } from "./bind-inputs.js";
import { evaluateIn } from "./eval-in-frame.js";
import type { Frame, Run } from "./run-context.js";

/** The inputs `step` gives `tool` here; with `required`, stops with an error when a required one has no value. */
export function stepInputs(run: Run, step: DoStep | HandoffStep, tool: ToolInfo, frame: Frame, required: boolean): Record<string, unknown> {
  return inputsWith(run, tool, step.with, frame, required, evaluateIn);
}

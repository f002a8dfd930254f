/**
 * The inputs a `do:` step gives its tool: those named in its `with:` from their expressions, evaluated
 * where the walk is (a lookup they read runs on demand, which may stop the walk for its call), and every
 * other input by name (bind-inputs.ts). The run, the card walk and the check of a completed write all
 * bind a step's inputs here, so the card lists exactly what the write will receive, under each input's
 * name. Pure over the run's draft state.
 */
import type { DoStep, HandoffStep, ToolInfo } from "../format/ir.js";
import { availableInputs } from "./bind-inputs.js";
import { evaluateIn } from "./eval-in-frame.js";
import { fail, type Frame, type Run } from "./run-context.js";

/** The inputs `step` gives `tool` here; with `required`, stops with an error when a required one has no value. */
export function stepInputs(run: Run, step: DoStep | HandoffStep, tool: ToolInfo, frame: Frame, required: boolean): Record<string, unknown> {
  const bindings = step.with;
  if (!bindings) return required ? withRequired(run, tool, availableInputs(run, tool, frame)) : availableInputs(run, tool, frame);
  const bound = new Map(bindings.map((b) => [b.input, b]));
  const byName = availableInputs(run, tool, frame, bound);
  const inputs: Record<string, unknown> = {};
  for (const param of tool.params) {
    const binding = bound.get(param.name);
    if (!binding) {
      if (Object.hasOwn(byName, param.name)) inputs[param.name] = byName[param.name];
      continue;
    }
    const result = evaluateIn(run, binding.value, frame);
    if (result.ok && result.value !== undefined) inputs[param.name] = result.value;
    else if (required && !param.optional) {
      const why = result.ok ? "it has no value" : result.error;
      fail(run, `Cannot run ${tool.name}: its input ${param.name} comes from \`${binding.value.source}\`, which cannot be worked out yet (${why}).`);
    }
  }
  return required ? withRequired(run, tool, inputs) : inputs;
}

function withRequired(run: Run, tool: ToolInfo, inputs: Record<string, unknown>): Record<string, unknown> {
  const missing = tool.params.find((param) => !param.optional && !Object.hasOwn(inputs, param.name));
  if (missing) fail(run, `Cannot run ${tool.name}: it needs a value for ${missing.name}, and none is known yet.`);
  return inputs;
}

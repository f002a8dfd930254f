/**
 * Tool inputs bound by name. Pure over the run's draft state.
 * Order: loop variable, the answer visible in this iteration (per-iteration first, then top level), then
 * top-level properties of the outputs of tools already met on this walk (latest first).
 */
import type { ToolInfo } from "../format/ir.js";
import { visibleAnswerKey } from "./answer-keys.js";
import { fail, hiddenInCard, type Frame, type Run } from "./run-context.js";

/** The inputs `tool` receives here; reports an error and stops when a required input has no value. */
export function bindInputs(run: Run, tool: ToolInfo, frame: Frame): Record<string, unknown> {
  const inputs = availableInputs(run, tool, frame);
  const missing = tool.params.find((param) => !param.optional && !Object.hasOwn(inputs, param.name));
  if (missing) fail(run, `Cannot run ${tool.name}: it needs a value for ${missing.name}, and none is known yet.`);
  return inputs;
}

/** The inputs of `tool` that have a value here (those with none are left out). Never stops the walk. */
export function availableInputs(run: Run, tool: ToolInfo, frame: Frame): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const param of tool.params) {
    const found = findValue(run, param.name, frame);
    if (found.ok) inputs[param.name] = found.value;
  }
  return inputs;
}

function findValue(run: Run, name: string, frame: Frame): { ok: true; value: unknown } | { ok: false } {
  if (Object.hasOwn(frame.vars, name)) return { ok: true, value: frame.vars[name] };
  const key = hiddenInCard(run, name) ? undefined : visibleAnswerKey(run.state, name, frame.scope);
  if (key !== undefined) return { ok: true, value: run.state.answers[key].value };
  const outputs = [...run.outputs.values()].reverse();
  for (const output of outputs) {
    if (typeof output === "object" && output !== null && Object.hasOwn(output, name)) {
      const value = (output as Record<string, unknown>)[name];
      if (value !== undefined) return { ok: true, value };
    }
  }
  return { ok: false };
}

/** Remembers a tool's output as the latest one (moves it to the end of the binding order). */
export function noteOutput(run: Run, tool: string, output: unknown): void {
  run.outputs.delete(tool);
  run.outputs.set(tool, output);
}

/**
 * Tool inputs bound by name, or by a `with:` (a write's on its step: bind-step-inputs.ts; a lookup's
 * wherever it runs or is read: `lookupBindings`). Pure over the run's draft state. Evaluating a `with:`
 * expression can read a lookup and reading a lookup can evaluate its `with:`, so the caller passes the
 * evaluator in (eval-in-frame.ts's `evaluateIn`), which keeps the imports one way.
 * Order: loop variable, the answer visible in this iteration (per-iteration first, then top level), a
 * property of the current row of the repeats around (innermost first), then
 * the output of the one lookup that produces it (run on demand with the inputs it takes here, so where
 * else it was reached does not matter), else top-level properties of the outputs of tools already met on
 * this walk (latest first).
 */
import { soleLookupProducer } from "../compile/compile-skill.js";
import { lookupBindings } from "../compile/lookup-bindings.js";
import type { InputBinding, ToolInfo } from "../format/ir.js";
import type { EvaluateIn } from "./gathered-answers.js";
import { visibleAnswerKey } from "./answer-keys.js";
import { fail, hiddenInCard, type Frame, type Run } from "./run-context.js";
import { requestCall } from "./request-call.js";
import { lookupKeyOf } from "./digest.js";
import { lookupPassScope } from "./until-passes.js";
import { namesTool, toolFailureCause, toolFailureText } from "./tool-failure-text.js";
import { ownValue } from "../own-value.js";

/**
 * The inputs `tool` gets here: those in `bindings` from their expressions, every other one by name. With
 * `required`, stops with an error when a required one has no value; without, leaves it out.
 */
export function inputsWith(
  run: Run, tool: ToolInfo, bindings: readonly InputBinding[] | undefined, frame: Frame, required: boolean, evaluate: EvaluateIn,
): Record<string, unknown> {
  const bound = new Map((bindings ?? []).map((b) => [b.input, b]));
  const byName = availableInputs(run, tool, frame, evaluate, bound);
  const inputs: Record<string, unknown> = {};
  for (const param of tool.params) {
    const binding = bound.get(param.name);
    if (!binding) {
      if (Object.hasOwn(byName, param.name)) inputs[param.name] = byName[param.name];
      continue;
    }
    const result = evaluate(run, binding.value, frame);
    if (result.ok && result.value !== undefined) inputs[param.name] = result.value;
    else if (required && !param.optional) {
      const why = result.ok ? "it has no value" : result.error;
      fail(run, `Cannot run ${tool.name}: its input ${param.name} comes from \`${binding.value.source}\`, which cannot be worked out yet (${why}).`);
    }
  }
  const missing = required ? tool.params.find((param) => !param.optional && !Object.hasOwn(inputs, param.name)) : undefined;
  if (missing) fail(run, `Cannot run ${tool.name}: it needs a value for ${missing.name}, and none is known yet.`);
  return inputs;
}

/**
 * The inputs of `tool` that have a value here (those with none are left out); those in `skip` (bound by
 * a `with:` instead, bind-step-inputs.ts) are not looked for. Never stops the walk.
 */
function availableInputs(run: Run, tool: ToolInfo, frame: Frame, evaluate: EvaluateIn, skip?: ReadonlyMap<string, unknown>): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const param of tool.params) {
    if (skip?.has(param.name)) continue;
    const found = findValue(run, param.name, frame, tool.name, evaluate);
    if (found.ok) inputs[param.name] = found.value;
  }
  return inputs;
}

/** Lookups being bound on demand (a cycle of sole producers falls back to the outputs met). */
const binding = new WeakMap<Run, Set<string>>();

function findValue(run: Run, name: string, frame: Frame, forTool: string, evaluate: EvaluateIn): { ok: true; value: unknown } | { ok: false } {
  if (Object.hasOwn(frame.vars, name)) return { ok: true, value: frame.vars[name] };
  const key = hiddenInCard(run, name) ? undefined : visibleAnswerKey(run.state, name, frame.scope);
  const answer = key === undefined ? undefined : ownValue(run.state.answers, key);
  if (answer) return { ok: true, value: answer.value };
  const fromRow = rowProperty(frame, name);
  if (fromRow !== undefined) return { ok: true, value: fromRow };
  const sole = soleLookupProducer(run.skill, name, forTool);
  if (sole) {
    const out = onDemand(run, sole, frame, evaluate);
    if (out.ok && typeof out.value === "object" && out.value !== null && Object.hasOwn(out.value, name)) {
      const value = (out.value as Record<string, unknown>)[name];
      if (value !== undefined) return { ok: true, value };
    }
  }
  const outputs = [...run.outputs.values()].reverse();
  for (const output of outputs) {
    if (typeof output === "object" && output !== null && Object.hasOwn(output, name)) {
      const value = (output as Record<string, unknown>)[name];
      if (value !== undefined) return { ok: true, value };
    }
  }
  return { ok: false };
}

/** Inside a `repeat` over rows: the property `name` of the current row (innermost loop first), if it has one. */
function rowProperty(frame: Frame, name: string): unknown {
  for (const row of Object.values(frame.vars).reverse()) {
    if (typeof row === "object" && row !== null && !Array.isArray(row) && Object.hasOwn(row, name)) {
      const value = (row as Record<string, unknown>)[name];
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

/** The output of lookup `tool` for the inputs it takes here, when they can all be bound (may request its call). */
function onDemand(run: Run, tool: string, frame: Frame, evaluate: EvaluateIn): { ok: true; value: unknown } | { ok: false } {
  const info = ownValue(run.skill.tools, tool)!;
  const busy = binding.get(run) ?? new Set<string>();
  if (busy.has(tool)) return { ok: false };
  busy.add(tool);
  binding.set(run, busy);
  try {
    const inputs = inputsWith(run, info, lookupBindings(run.skill, tool), frame, false, evaluate);
    if (info.params.some((p) => !p.optional && !Object.hasOwn(inputs, p.name))) return { ok: false };
    return { ok: true, value: ensureLookup(run, info, frame, tool, evaluate) };
  } finally {
    busy.delete(tool);
  }
}

/** Remembers a tool's output as the latest one (moves it to the end of the binding order). */
export function noteOutput(run: Run, tool: string, output: unknown): void {
  run.outputs.delete(tool);
  run.outputs.set(tool, output);
}

/** Lookups whose `with:` is being evaluated on this walk. */
const evaluating = new WeakMap<Run, Set<string>>();

/** A lookup's inputs here; stops when its `with:` reads the lookup itself, directly or through another lookup's. */
function lookupInputs(run: Run, tool: ToolInfo, frame: Frame, evaluate: EvaluateIn): Record<string, unknown> {
  const bindings = lookupBindings(run.skill, tool.name);
  if (!bindings) return inputsWith(run, tool, undefined, frame, true, evaluate);
  const busy = evaluating.get(run) ?? new Set<string>();
  if (busy.has(tool.name)) fail(run, `Cannot run ${tool.name}: its \`with:\` reads ${tool.name} itself, so its inputs wait on its own output.`);
  busy.add(tool.name);
  evaluating.set(run, busy);
  try {
    return inputsWith(run, tool, bindings, frame, true, evaluate);
  } finally {
    busy.delete(tool.name);
  }
}

/**
 * The output of lookup `tool` for the inputs bound here (by its `with:` if it has one, else by name):
 * cached under those inputs, or requested (which stops the walk), so it runs again when they change.
 */
export function ensureLookup(run: Run, tool: ToolInfo, frame: Frame, instance: string, evaluate: EvaluateIn): unknown {
  // The gate holds whatever the IR: a write named where a lookup is read (`x: { lookup: pay }` in a skill
  // that skipped the checker) is never run, and the turn stops here.
  if (tool.kind === "handoff") fail(run, `${tool.name} was not run: it is a hand-off tool, so it runs only from a \`handoff:\` step, never as a lookup.`);
  if (tool.kind !== "lookup") {
    fail(run, `${tool.name} was not run: it is a write, and a write runs only as a \`do:\` step after a confirm, never as a lookup.`);
  }
  const inputs = lookupInputs(run, tool, frame, evaluate);
  const inputsDigest = run.digest(inputs);
  // Inside a `repeat … until` pass, a lookup its body runs is cached for that pass alone.
  const pass = lookupPassScope(run.skill, tool.name, frame.scope);
  const key = lookupKeyOf(tool.name, pass ? run.digest([inputsDigest, pass]) : inputsDigest);
  const hit = ownValue(run.state.lookups, key);
  if (!hit) requestCall(run, { tool: tool.name, kind: "lookup", inputs, key, instance }, inputsDigest);
  run.lookupsRead.add(key);
  if (hit.error !== undefined) {
    if (run.verify) run.verify.failure = toolFailureText(tool.name, hit.error);
    const cause = toolFailureCause(tool.name, hit.error);
    // A cause that already names the tool ("find_x did not answer within 30000 ms") is said alone, as a sentence.
    fail(run, namesTool(tool.name, cause) ? `${cause}.` : `Could not get ${tool.name}: ${cause}`);
  }
  noteOutput(run, tool.name, hit.result);
  return hit.result;
}

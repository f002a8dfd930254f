/**
 * The passes of a `repeat … until` (docs/skill-format.md, "repeat … until"). Each pass has its own scope,
 * `repeatId:1`, `:2`, … (so its answers, confirmations, approvals and writes are its own), and a lookup
 * the body runs or names is cached per pass (the same inputs run it again in the next pass); one the
 * body only binds an input from, unnamed, is cached by its inputs as everywhere else. When a pass has
 * run to its end, the tools it ran are kept with it (its gathered record holds them) and the condition is
 * evaluated with the body's names meaning that pass's values. Pure over the run's draft state.
 */
import { childStepsOf } from "../format/child-steps.js";
import type { Expr, RepeatStep, Skill, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import { exhaustedOf } from "../format/parse-steps.js";
import { expressionsFor } from "../compile/compile-skill.js";
import { expressionsOf } from "../check/expressions-of.js";
import type { Frame, Run } from "./run-context.js";

interface UntilIndex {
  /** The ids of the `repeat … until` steps. */
  loops: Set<string>;
  /** Each such loop's tools: those a `do:` in its body runs. */
  toolsOf: Map<string, Set<string>>;
  /** The lookups a `repeat … until` body runs or names (a `do:`, or a reference in an expression there, `until:` too): cached per pass. */
  perPass: Set<string>;
}

const memo = new WeakMap<Skill, UntilIndex>();

function indexOf(skill: Skill): UntilIndex {
  let found = memo.get(skill);
  if (found) return found;
  const index: UntilIndex = { loops: new Set(), toolsOf: new Map(), perPass: new Set() };
  const exprs = expressionsFor(skill);
  // A lookup a body names (its `do:`, or a reference in an expression there) runs anew in every pass.
  const lookups = (list: readonly Expr[]) => list.flatMap((expr) => exprs.refs(expr).map((r) => r.root)).filter((root) => ownValue(skill.tools, root)?.kind === "lookup");
  const visit = (steps: readonly Step[], around: readonly RepeatStep[]) => {
    for (const step of steps) {
      if (step.kind === "do") {
        for (const loop of around) index.toolsOf.get(loop.id)!.add(step.tool);
        if (around.length > 0) index.perPass.add(step.tool);
      }
      if (around.length > 0) for (const root of lookups(expressionsOf(step).filter((e) => e.role !== "until").map((e) => e.expr))) index.perPass.add(root);
      if (step.kind === "when" || step.kind === "switch") visit(childStepsOf(step), around);
      if (step.kind !== "repeat") continue;
      if (step.until) {
        index.loops.add(step.id);
        index.toolsOf.set(step.id, new Set());
        for (const root of lookups([step.until.condition])) index.perPass.add(root);
      }
      visit(step.steps, step.until ? [...around, step] : around);
      visit(exhaustedOf(step), around);
    }
  };
  visit(skill.steps, []);
  memo.set(skill, (found = index));
  return found;
}

/** The scope segment of pass `pass` (1 for the first) of the `repeat … until` `stepId`. */
export function passSegment(stepId: string, pass: number): string {
  return `${stepId}:${pass}`;
}

/**
 * The pass a lookup of `tool` read at `scope` belongs to, as the scope up to the innermost `repeat …
 * until` pass in it; "" when the tool is not run inside any such body or the scope is in no pass (its
 * cache key is then the inputs alone, as everywhere else).
 */
export function lookupPassScope(skill: Skill, tool: string, scope: string): string {
  const index = indexOf(skill);
  if (!scope || !index.perPass.has(tool)) return "";
  const segments = scope.split("/");
  for (let i = segments.length - 1; i >= 0; i--) {
    const id = segments[i]!.slice(0, segments[i]!.lastIndexOf(":"));
    if (index.loops.has(id)) return segments.slice(0, i + 1).join("/");
  }
  return "";
}

/** A new pass starts: the outputs of the body's tools met on an earlier pass no longer bind or read here. */
export function startPass(run: Run, step: RepeatStep): void {
  for (const tool of indexOf(run.skill).toolsOf.get(step.id) ?? []) run.outputs.delete(tool);
}

/** A pass ended on this walk: the outputs of the tools it ran, kept under its scope for its record. */
export function keepPass(run: Run, frame: Frame): void {
  const step = frame.loop!.step;
  const outputs: Record<string, unknown> = {};
  for (const tool of indexOf(run.skill).toolsOf.get(step.id) ?? []) {
    if (run.outputs.has(tool)) outputs[tool] = run.outputs.get(tool);
  }
  run.passOutputs ??= new Map();
  run.passOutputs.set(frame.scope, outputs);
}

/** The tools run in the pass at `scope` and their outputs, or undefined when that pass has not ended on this walk. */
export function passOutputs(run: Run, scope: string): Record<string, unknown> | undefined {
  return run.passOutputs?.get(scope);
}

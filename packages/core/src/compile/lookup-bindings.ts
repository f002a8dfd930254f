/**
 * A lookup's `with:`: the bindings of the first `do:` of it that has one, which bind its inputs wherever
 * it runs or its output is read (a write's `with:` stays its step's own). The checker reports a second,
 * different `with:` on the same lookup (`with-on-lookup`). One map per Skill object. Pure.
 */
import { everyChildStepOf } from "../format/child-steps.js";
import type { InputBinding, Skill, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";

const memo = new WeakMap<Skill, Map<string, readonly InputBinding[]>>();

/** The `with:` binding lookup `tool`'s inputs, or undefined when its inputs are bound by name. */
export function lookupBindings(skill: Skill, tool: string): readonly InputBinding[] | undefined {
  let found = memo.get(skill);
  if (!found) memo.set(skill, (found = collect(skill)));
  return found.get(tool);
}

function collect(skill: Skill): Map<string, readonly InputBinding[]> {
  const found = new Map<string, readonly InputBinding[]>();
  const visit = (steps: readonly Step[]): void => {
    for (const step of steps) {
      if (step.kind === "do" && step.with && !found.has(step.tool) && ownValue(skill.tools, step.tool)?.kind === "lookup") {
        found.set(step.tool, step.with);
      }
      visit(everyChildStepOf(step));
    }
  };
  visit(skill.steps);
  return found;
}

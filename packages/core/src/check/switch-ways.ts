/**
 * The ways of a `switch` as the analyses name them: each branch as a decision on a path (for messages
 * that name the way a write is reached on), and whether the branches name every value the switch can
 * take (so one of them always runs). Pure.
 */
import type { Branch, Skill, SwitchStep } from "../format/ir.js";
import { caseBranches, elseBranch } from "../format/child-steps.js";
import type { PathOutcome } from "./path-types.js";
import { possibleValues } from "./possible-values.js";

/** The decision that takes `branch`: `method == "gift_card"` is true; for `else:`, `method in [...]` is false. */
export function branchOutcome(step: SwitchStep, branch: Branch): PathOutcome {
  const base = { kind: "when" as const, stepId: step.id, pos: branch.pos };
  if (step.written === "when") return { ...base, condition: step.on.source, value: branch.value !== undefined };
  if (branch.value !== undefined) return { ...base, condition: `${step.on.source} == ${JSON.stringify(branch.value)}`, value: true };
  const named = caseBranches(step).map((b) => JSON.stringify(b.value));
  return { ...base, condition: `${step.on.source} in [${named.join(", ")}]`, value: false };
}

/** Does one of the switch's ways always run: it has `else:`, or its cases name every value it can take? */
export function coversEveryValue(step: SwitchStep, skill: Skill): boolean {
  if (step.written === "when" || elseBranch(step)) return true;
  const values = possibleValues(skill, step.on);
  const named = new Set(caseBranches(step).map((b) => b.value));
  return values !== undefined && values.every((v) => named.has(v));
}

/**
 * A way of a `switch` (or a `when … else`) as the procedure reads it: a `when` around the way's steps,
 * whose condition says when that way runs: `payment_method == "gift_card"`; for `else:`,
 * `!(payment_method in ["credit_card", "gift_card"])`; the two ways of a `when: C … else` are `C` and
 * `!(C)`. So the procedure words a branch the way it words any `when` (the ways, a write's conditions).
 * One object per branch, so a step's ancestors can be compared by identity. Pure.
 */
import type { Branch, SwitchStep, WhenStep } from "../format/ir.js";

const memo = new WeakMap<Branch, WhenStep>();

/** The `when` that stands for `branch` of `step`. */
export function branchBlock(step: SwitchStep, branch: Branch): WhenStep {
  let block = memo.get(branch);
  if (block) return block;
  const source = branchCondition(step, branch);
  block = { id: step.id, pos: branch.pos, keys: step.keys, kind: "when", condition: { source, pos: step.on.pos }, steps: branch.steps };
  memo.set(branch, block);
  return block;
}

function branchCondition(step: SwitchStep, branch: Branch): string {
  const on = step.on.source.trim();
  if (step.written === "when") return branch.value !== undefined ? on : `!(${on})`;
  if (branch.value !== undefined) return `${on} == ${JSON.stringify(branch.value)}`;
  const named = step.branches.flatMap((b) => (b.value === undefined ? [] : [JSON.stringify(b.value)]));
  return `!(${on} in [${named.join(", ")}])`;
}

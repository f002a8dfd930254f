/**
 * The `exhausted:` steps of a `repeat … until`, seen by the checker's path analyses as what they are: a
 * block after the loop that runs on one way out of it (the bound reached without the condition), like a
 * `when` whose condition is the loop's `until` being false. The block is made once per repeat step and
 * kept, so the analyses that key their results by step find it again. Pure.
 */
import type { RepeatStep, Step, WhenStep } from "../format/ir.js";

const blocks = new WeakMap<Step, WhenStep>();
const loops = new WeakMap<WhenStep, RepeatStep>();

/** The `exhausted:` block of `step` as a `when` (same id as the repeat), or undefined when it has none. */
export function exhaustedBlock(step: Step): WhenStep | undefined {
  if (step.kind !== "repeat" || !step.until?.exhausted) return undefined;
  let block = blocks.get(step);
  if (!block) {
    const pos = step.keys.exhausted ?? step.pos;
    const condition = { source: `!(${step.until.condition.source})`, pos: step.until.condition.pos };
    block = { id: step.id, pos, keys: step.keys, kind: "when", condition, steps: step.until.exhausted };
    blocks.set(step, block);
    loops.set(block, step);
  }
  return block;
}

/** The `repeat … until` whose `exhausted:` block `when` is (undefined for a `when` written in the skill). */
export function loopOfExhausted(when: WhenStep): RepeatStep | undefined {
  return loops.get(when);
}

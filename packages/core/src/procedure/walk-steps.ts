/**
 * The steps of a skill in reading order, each with the `when`/`repeat` steps it sits in (a way of a
 * `switch` counts as a `when` whose condition names that way: switch-branches.ts). Pure.
 */
import type { RepeatStep, Skill, Step, WhenStep } from "../format/ir.js";
import { ownValue } from "../own-value.js";
import { branchBlock } from "./switch-branches.js";
import { exhaustedBlock } from "../check/exhausted-block.js";

export type Block = WhenStep | RepeatStep;

export interface PlacedStep {
  step: Step;
  /** Enclosing `when`/`repeat` steps (and the ways of switches, as `when`s), outermost first. */
  ancestors: Block[];
  /** Position in reading order (pre-order), from 0. */
  order: number;
}

/** Every step once, in reading order (a block before its children). */
export function placeSteps(steps: readonly Step[]): PlacedStep[] {
  const placed: PlacedStep[] = [];
  const visit = (list: readonly Step[], ancestors: Block[]): void => {
    for (const step of list) {
      placed.push({ step, ancestors, order: placed.length });
      if (step.kind === "when" || step.kind === "repeat") visit(step.steps, [...ancestors, step]);
      if (step.kind === "switch") for (const branch of step.branches) visit(branch.steps, [...ancestors, branchBlock(step, branch)]);
      // `exhausted:` runs after the loop, on one way out of it: a block of its own (check/exhausted-block.ts).
      const exhausted = exhaustedBlock(step);
      if (exhausted) visit(exhausted.steps, [...ancestors, exhausted]);
    }
  };
  visit(steps, []);
  return placed;
}

/** The blocks `inner` sits in that `outer` does not: what must also hold for `inner` to be reached. */
export function extraBlocks(inner: PlacedStep, outer: PlacedStep): Block[] {
  const shared = new Set(outer.ancestors);
  return inner.ancestors.filter((b) => !shared.has(b));
}

/** Whether a tool named by a `do` is a write (as the checker decides: a tool marked `write`). */
export function isWrite(skill: Skill, tool: string): boolean {
  return ownValue(skill.tools, tool)?.kind === "write";
}

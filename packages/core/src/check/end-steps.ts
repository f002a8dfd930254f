/**
 * The `end` steps of a skill, each with the `when`s and the switch ways around it: what the outcome rules
 * read. Pure.
 */
import type { Branch, EndStep, Step, SwitchStep, WhenStep } from "../format/ir.js";
import { exhaustedBlock } from "./exhausted-block.js";

/** The way of a switch (or a `when … else`) a step is inside. */
export interface SwitchWay { step: SwitchStep; branch: Branch }

export interface PlacedEnd {
  step: EndStep;
  /** The `when`s around it, outermost first. */
  whens: WhenStep[];
  /** The switch ways around it, outermost first. */
  ways: SwitchWay[];
}

/** Every `end` step of `steps`, in the order written. */
export function endSteps(steps: readonly Step[], whens: WhenStep[] = [], ways: SwitchWay[] = []): PlacedEnd[] {
  return steps.flatMap((step): PlacedEnd[] => {
    if (step.kind === "end") return [{ step, whens, ways }];
    if (step.kind === "when") return endSteps(step.steps, [...whens, step], ways);
    if (step.kind === "repeat") {
      const exhausted = exhaustedBlock(step);
      return [...endSteps(step.steps, whens, ways), ...(exhausted ? endSteps(exhausted.steps, [...whens, exhausted], ways) : [])];
    }
    if (step.kind === "switch") return step.branches.flatMap((branch) => endSteps(branch.steps, whens, [...ways, { step, branch }]));
    return [];
  });
}

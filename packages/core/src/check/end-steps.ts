/**
 * The `end` steps of a skill, each with the `when`s around it: what the outcome rules read. Pure.
 */
import type { EndStep, Step, WhenStep } from "../format/ir.js";
import { exhaustedBlock } from "./exhausted-block.js";

export interface PlacedEnd {
  step: EndStep;
  /** The `when`s around it, outermost first. */
  whens: WhenStep[];
}

/** Every `end` step of `steps`, in the order written. */
export function endSteps(steps: readonly Step[], whens: WhenStep[] = []): PlacedEnd[] {
  return steps.flatMap((step): PlacedEnd[] => {
    if (step.kind === "end") return [{ step, whens }];
    if (step.kind === "when") return endSteps(step.steps, [...whens, step]);
    if (step.kind === "repeat") {
      const exhausted = exhaustedBlock(step);
      return [...endSteps(step.steps, whens), ...(exhausted ? endSteps(exhausted.steps, [...whens, exhausted]) : [])];
    }
    return [];
  });
}

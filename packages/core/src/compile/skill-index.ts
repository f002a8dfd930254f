/**
 * The index of a skill's steps, built in one walk: steps by id, the asks of each field (and where they
 * sit: the `repeat`s around them), the confirms by id, the fields asked with `from:` (picks), and the
 * tools that produce each output property. The checks, the runtime and the procedure read the same one
 * (compileSkill). Pure.
 */
import type { AskStep, ConfirmStep, Skill, Step } from "../format/ir.js";
import { exhaustedOf } from "../format/parse-steps.js";

export interface AskSite {
  step: AskStep;
  /** Ids of the enclosing `repeat` steps, outermost first. */
  repeats: string[];
}

export interface SkillIndex {
  /** Every step by id. */
  steps: Map<string, Step>;
  /** The asks of each field, in step order. */
  asks: Map<string, AskStep[]>;
  /** Every ask with the repeats around it, in step order. */
  askSites: AskSite[];
  /** Confirm steps by confirm id. */
  confirms: Map<string, ConfirmStep[]>;
  /** Fields asked with `from:` anywhere (picks). */
  picks: Set<string>;
  /** Tools whose output has a top-level property of this name (tool inputs bind from them by name). */
  producers: Map<string, string[]>;
}

export function buildIndex(skill: Skill): SkillIndex {
  const index: SkillIndex = { steps: new Map(), asks: new Map(), askSites: [], confirms: new Map(), picks: new Set(), producers: new Map() };
  visit(skill.steps, [], index);
  for (const tool of Object.values(skill.tools)) {
    if (tool.output.t !== "object") continue;
    for (const key of Object.keys(tool.output.fields)) push(index.producers, key, tool.name);
  }
  return index;
}

function visit(steps: readonly Step[], repeats: string[], index: SkillIndex): void {
  for (const step of steps) {
    index.steps.set(step.id, step);
    if (step.kind === "ask") {
      push(index.asks, step.field, step);
      index.askSites.push({ step, repeats });
      if (step.from) index.picks.add(step.field);
    } else if (step.kind === "confirm") {
      push(index.confirms, step.confirm, step);
    } else if (step.kind === "when") {
      visit(step.steps, repeats, index);
    } else if (step.kind === "switch") {
      for (const branch of step.branches) visit(branch.steps, repeats, index);
    } else if (step.kind === "repeat") {
      visit(step.steps, [...repeats, step.id], index);
      visit(exhaustedOf(step), repeats, index);
    }
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

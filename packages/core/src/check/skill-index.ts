/**
 * Lookups over a skill the rules share: the asks of each field, the tools that return a property,
 * steps by id. Built once per Skill object. Pure.
 */
import type { AskStep, Skill, Step } from "../format/ir.js";

export interface CheckIndex {
  asks: Map<string, AskStep[]>;
  /** Tools whose output has a top-level property of this name. */
  producers: Map<string, string[]>;
  steps: Map<string, Step>;
}

const cache = new WeakMap<Skill, CheckIndex>();

export function indexSkill(skill: Skill): CheckIndex {
  let index = cache.get(skill);
  if (index) return index;
  index = { asks: new Map(), producers: new Map(), steps: new Map() };
  collect(skill.steps, index);
  for (const tool of Object.values(skill.tools)) {
    if (tool.output.t !== "object") continue;
    for (const key of Object.keys(tool.output.fields)) push(index.producers, key, tool.name);
  }
  cache.set(skill, index);
  return index;
}

function collect(steps: readonly Step[], index: CheckIndex): void {
  for (const step of steps) {
    index.steps.set(step.id, step);
    if (step.kind === "ask") push(index.asks, step.field, step);
    if (step.kind === "when" || step.kind === "repeat") collect(step.steps, index);
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Is position `a` before position `b` in the file? */
export function isBefore(a: { line: number; column: number }, b: { line: number; column: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

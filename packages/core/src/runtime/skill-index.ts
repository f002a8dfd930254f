/**
 * A static index of a skill's steps, built once per Skill object (cached in a WeakMap). Pure.
 * The runtime uses it to know, without walking, which asks set which fields and which confirms exist.
 */
import type { AskStep, ConfirmStep, FieldDecl, Skill, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";

export interface AskSite {
  step: AskStep;
  /** Ids of the enclosing `repeat` steps, outermost first. */
  repeats: string[];
}

export interface SkillIndex {
  asks: AskSite[];
  /** Confirm steps by confirm id. */
  confirms: Map<string, ConfirmStep[]>;
  /** Fields asked with `from:` anywhere (picks). */
  picks: Set<string>;
}

const cache = new WeakMap<Skill, SkillIndex>();

/** The index of `skill` (computed on first use). */
export function indexSkill(skill: Skill): SkillIndex {
  let index = cache.get(skill);
  if (!index) {
    index = { asks: [], confirms: new Map(), picks: new Set() };
    visit(skill.steps, [], index);
    cache.set(skill, index);
  }
  return index;
}

function visit(steps: Step[], repeats: string[], index: SkillIndex): void {
  for (const step of steps) {
    if (step.kind === "ask") {
      index.asks.push({ step, repeats });
      if (step.from) index.picks.add(step.field);
    } else if (step.kind === "confirm") {
      index.confirms.set(step.confirm, [...(index.confirms.get(step.confirm) ?? []), step]);
    } else if (step.kind === "when") {
      visit(step.steps, repeats, index);
    } else if (step.kind === "repeat") {
      visit(step.steps, [...repeats, step.id], index);
    }
  }
}

/** The field declared under `name` (own entries only: `toString` is not a field). */
export function declaredField(skill: Skill, name: string): FieldDecl | undefined {
  return ownValue(skill.fields, name);
}

/** True when `field` is a pick: asked with `from:` or declared with a pick shape. */
export function isPickField(skill: Skill, field: string): boolean {
  return declaredField(skill, field)?.shape.kind === "pick" || indexSkill(skill).picks.has(field);
}

/** The declaration of `field`; a field that exists only through `from:` gets its pick shape. */
export function fieldDecl(skill: Skill, field: string): FieldDecl | undefined {
  const declared = declaredField(skill, field);
  if (declared) return declared;
  const site = indexSkill(skill).asks.find((a) => a.step.field === field && a.step.from);
  if (!site) return undefined;
  const { step } = site;
  return { name: field, shape: { kind: "pick", from: step.from! }, secret: false, declared: false, pos: step.fieldPos };
}

/**
 * The fields of a skill as the runtime reads them: declared ones, and those that exist only because a
 * step asks them with `from:` (picks). From the compiled index (compile/skill-index.ts). Pure.
 */
import type { FieldDecl, Skill } from "../format/ir.js";
import { indexOf } from "../compile/compile-skill.js";
import { ownValue } from "../own-value.js";

/** The field declared under `name` (own entries only: `toString` is not a field). */
export function declaredField(skill: Skill, name: string): FieldDecl | undefined {
  return ownValue(skill.fields, name);
}

/** True when `field` is a pick: asked with `from:` or declared with a pick shape. */
export function isPickField(skill: Skill, field: string): boolean {
  return declaredField(skill, field)?.shape.kind === "pick" || indexOf(skill).picks.has(field);
}

/** The declaration of `field`; a field that exists only through `from:` gets its pick shape. */
export function fieldDecl(skill: Skill, field: string): FieldDecl | undefined {
  const declared = declaredField(skill, field);
  if (declared) return declared;
  const site = indexOf(skill).askSites.find((a) => a.step.field === field && a.step.from);
  if (!site) return undefined;
  const { step } = site;
  const shape = step.many ? { kind: "pick" as const, from: step.from!, many: true as const } : { kind: "pick" as const, from: step.from! };
  return { name: field, shape, secret: false, declared: false, pos: step.fieldPos };
}

/**
 * `kept-field-differs`: a field kept for the conversation (`keep: conversation`) must mean the same in
 * every hosted skill that keeps it, or an answer established by one skill would be given to another
 * that checks it by other rules (another pattern, another lookup). The same definition is the same
 * shape (choices, pattern, range, lookup tool) and, for a lookup, a tool of the same kind, inputs and
 * output. Wording (`message:`, `description:`, `synonyms:`) may differ; checks on the asks may differ
 * too, since every request runs its own checks again. A skill that declares a field of the same name
 * without `keep:` is not compared: it never receives the kept answer and asks for its own.
 *
 * Across skills, so not one of the per-skill rules: `flow check` runs it over the skills it found, and
 * `createFlow({ skills })` refuses to host skills it reports. Pure.
 */
import type { Diagnostic } from "../diagnostics.js";
import { sortDiagnostics } from "../diagnostics.js";
import { makeDiagnostic } from "../format/diagnose.js";
import type { FieldDecl, Skill } from "../format/ir.js";
import { ownValue } from "../own-value.js";

export interface KeptConflict {
  field: string;
  /** The skill whose declaration differs from the first one that keeps the field. */
  skill: Skill;
  /** The first skill (in the order given) that keeps the field. */
  first: Skill;
  /** The two definitions, in words. */
  here: string;
  there: string;
}

/** Every kept field whose definition differs from its first keeper's, in the order given. Pure. */
export function keptFieldConflicts(skills: readonly Skill[]): KeptConflict[] {
  const firsts = new Map<string, { skill: Skill; definition: string }>();
  const conflicts: KeptConflict[] = [];
  for (const skill of skills) {
    for (const field of Object.values(skill.fields)) {
      if (field.keep !== "conversation") continue;
      const definition = definitionOf(skill, field);
      const first = firsts.get(field.name);
      if (!first) firsts.set(field.name, { skill, definition });
      else if (first.definition !== definition) conflicts.push(conflict(field, skill, first.skill));
    }
  }
  return conflicts;
}

/** The conflicts as diagnostics, each at the differing declaration. Pure. */
export function checkKeptFields(skills: readonly Skill[]): Diagnostic[] {
  return sortDiagnostics(keptFieldConflicts(skills).map((c) => makeDiagnostic(
    c.skill.file, "kept-field-differs", ownValue(c.skill.fields, c.field)!.pos,
    `\`${c.field}\` is kept for the conversation here as ${c.here} and in ${c.first.name} as ${c.there}: an answer one of them establishes would be given to the other.`,
    `Declare \`${c.field}\` the same way in both skills, or rename it in one of them.`,
  )));
}

function conflict(field: FieldDecl, skill: Skill, first: Skill): KeptConflict {
  const here = words(skill, field);
  const there = words(first, ownValue(first.fields, field.name)!);
  // Two lookups of one name whose tools differ read the same in words.
  return { field: field.name, skill, first, here: here === there ? `${here} (a tool with other inputs or output)` : here, there };
}

/** One sentence that says why two hosted skills cannot be hosted together, or undefined. Pure. */
export function keptConflictSentence(skills: readonly Skill[]): string | undefined {
  const c = keptFieldConflicts(skills)[0];
  if (!c) return undefined;
  return `${c.skill.name} and ${c.first.name} both keep ${c.field} for the conversation, with other definitions (${c.here} and ${c.there}); a kept field must be declared the same way in every hosted skill.`;
}

/** The definition compared: the shape without positions and, for a lookup, its tool as described. */
function definitionOf(skill: Skill, field: FieldDecl): string {
  const { shape } = field;
  if (shape.kind !== "lookup") return JSON.stringify(shape);
  const tool = ownValue(skill.tools, shape.tool);
  return JSON.stringify({ kind: shape.kind, tool: shape.tool, info: tool ? { kind: tool.kind, params: tool.params, output: tool.output } : null });
}

/** A declaration's shape as it is written in the Fields block (`pattern: "^[0-9]{5}$"`). */
function words(skill: Skill, field: FieldDecl): string {
  const shape = field.shape;
  switch (shape.kind) {
    case "choices": return `\`choices: [${shape.choices.join(", ")}]\``;
    case "pattern": return `\`pattern: ${JSON.stringify(shape.pattern)}\``;
    case "lookup": return `\`lookup: ${shape.tool}\`${ownValue(skill.tools, shape.tool) ? "" : " (a tool this skill does not have)"}`;
    case "number": case "decimal": {
      const { kind, ...range } = shape;
      const options = Object.entries(range).map(([k, v]) => `${k}: ${String(v)}`).join(", ");
      return `\`${kind}: ${options ? `{ ${options} }` : "true"}\``;
    }
    case "pick": return `a pick from \`${shape.from.source}\``;
    default: return `\`${shape.kind}: true\``;
  }
}

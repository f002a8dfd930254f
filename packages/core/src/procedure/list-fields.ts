/**
 * "Who provides what": one row per field the flow asks for and per confirmation it waits for, in the
 * order the steps first reach them; declared fields no step asks come last. Pure.
 */
import type { FieldDecl, Skill } from "../format/ir.js";
import type { FieldRow, Inline } from "./model.js";
import { describeConfirmer, describeGiver, describeShape } from "./describe-shape.js";
import { placeSteps } from "./walk-steps.js";
import { quoted } from "./inline.js";
import { ownValue } from "../own-value.js";

function pickField(name: string, from: FieldDecl["shape"] & { kind: "pick" }, pos: FieldDecl["pos"]): FieldDecl {
  return { name, shape: from, secret: false, declared: false, pos };
}

/** The rows of the fields table. */
export function listFields(skill: Skill): FieldRow[] {
  const rows = new Map<string, FieldRow & { questions: string[] }>();
  for (const { step, ancestors } of placeSteps(skill.steps)) {
    const perRow = ancestors.some((b) => b.kind === "repeat") ? " (each row)" : "";
    if (step.kind === "ask") {
      const decl = ownValue(skill.fields, step.field)
        ?? pickField(step.field, { kind: "pick", from: step.from ?? { source: "?", pos: step.pos }, ...(step.many ? { many: true as const } : {}) }, step.pos);
      const row = rows.get(step.field) ?? {
        name: step.field, steps: [], question: [], questions: [],
        shape: describeShape(decl.shape), givenBy: describeGiver(skill, step.field),
      };
      row.steps.push(step.id + perRow);
      if (!row.questions.includes(step.question.source)) row.questions.push(step.question.source);
      rows.set(step.field, row);
    } else if (step.kind === "confirm") {
      rows.set(`confirm:${step.confirm}:${step.id}`, {
        name: step.confirm, steps: [step.id + perRow], question: [], questions: [step.question.source],
        shape: [step.by === undefined ? "yes or no" : "approved or rejected"], givenBy: describeConfirmer(step.by),
      });
    }
  }
  const asked: FieldRow[] = [...rows.values()].map(({ questions, ...row }) => ({
    ...row, question: [questions.map(quoted).join(" / ")] as Inline,
  }));
  const unasked = Object.values(skill.fields)
    .filter((f) => !rows.has(f.name))
    .map((f) => ({ name: f.name, steps: [], question: ["(not asked by any step)"], shape: describeShape(f.shape), givenBy: describeGiver(skill, f.name) }));
  return [...asked, ...unasked];
}

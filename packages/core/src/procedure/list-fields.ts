/**
 * "Who provides what": one row per field the flow asks for and per confirmation it waits for, in the
 * order the steps first reach them; declared fields no step asks come last. A field taken only as typed,
 * or kept for the conversation, or starting from a `default:`, says so where it says who gives it. Pure.
 */
import type { Expr, FieldDecl, Skill } from "../format/ir.js";
import type { FieldRow, Inline } from "./model.js";
import { describeConfirmer, describeGiver, describeShape } from "./describe-shape.js";
import { placeSteps } from "./walk-steps.js";
import { code, inline, quoted } from "./inline.js";
import { describeValue } from "./describe-condition.js";
import { contextAt } from "./describe-value.js";
import { ownValue } from "../own-value.js";

function pickField(name: string, from: FieldDecl["shape"] & { kind: "pick" }, pos: FieldDecl["pos"]): FieldDecl {
  return { name, shape: from, secret: false, declared: false, pos };
}

/**
 * Who gives the field; for one the model may fill, that it takes only what was typed (`typed: true`);
 * for a kept one, also that later requests start with it (`keep: conversation`).
 */
function givenBy(skill: Skill, decl: FieldDecl): Inline {
  const who = describeGiver(skill, decl.name);
  const typed = decl.typed && !decl.secret ? [...who, TYPED] : who;
  const kept = decl.keep === "conversation" ? [...typed, KEPT] : typed;
  return decl.default ? inline(kept, "; starts from ", startsFrom(skill, decl.default), DEFAULTED) : kept;
}

/** A default in words where its values are described, with the expression as written beside them. */
function startsFrom(skill: Skill, expr: Expr): Inline {
  const words = describeValue(expr, contextAt(skill, []));
  const [only] = words;
  const plain = words.length === 1 && typeof only === "object" && only.code === expr.source.trim();
  return plain ? words : inline(words, " (", code(expr.source.trim()), ")");
}

const DEFAULTED = " (taken without asking when it fits, and shown as a default on the card, until the person gives a value)";

const TYPED = ", only as the person typed it (a value not in their message is not taken)";

const KEPT = "; kept for the conversation: a later request that keeps it too starts with this answer, checks it again, and asks for it again only if it no longer passes";

/** The rows of the fields table. */
export function listFields(skill: Skill): FieldRow[] {
  const rows = new Map<string, FieldRow & { questions: string[] }>();
  for (const { step, ancestors } of placeSteps(skill.steps)) {
    const loop = [...ancestors].reverse().find((b) => b.kind === "repeat");
    const perRow = loop ? (loop.kind === "repeat" && loop.until ? " (each pass)" : " (each row)") : "";
    if (step.kind === "ask") {
      const decl = ownValue(skill.fields, step.field)
        ?? pickField(step.field, { kind: "pick", from: step.from ?? { source: "?", pos: step.pos }, ...(step.many ? { many: true as const } : {}) }, step.pos);
      const row = rows.get(step.field) ?? {
        name: step.field, steps: [], question: [], questions: [],
        shape: describeShape(decl.shape), givenBy: givenBy(skill, decl),
      };
      row.steps.push(step.id + perRow);
      if (!row.questions.includes(step.question.source)) row.questions.push(step.question.source);
      rows.set(step.field, row);
    } else if (step.kind === "decide") {
      const row = rows.get(step.decide) ?? {
        name: step.decide, steps: [], question: [], questions: [],
        shape: [`one of the options: ${step.options.map((o) => o.key).join(", ")}${step.by === undefined ? "" : ", or no"}`], givenBy: describeGiver(skill, step.decide),
      };
      row.steps.push(step.id + perRow);
      if (!row.questions.includes(step.question.source)) row.questions.push(step.question.source);
      rows.set(step.decide, row);
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

/**
 * A field in words, as the extraction prompt shows it: one line per field (name, shape, description,
 * synonyms, question, the value it holds as a default) and the shape alone. Shared by the prompt of one
 * skill (`build-extract-prompt.ts`) and its routing part (`build-routing-prompt.ts`), which import it and not each other. Pure.
 */
import { describeRange, type Shape } from "@skillflow/core";
import type { FieldInScope } from "./model-port.js";

/**
 * One line describing a field: name, shape, description, synonyms, its question unless
 * `withQuestion` is false (a field of a skill not in progress: no question of it is pending), and the
 * value it holds as its default, which the model is to return only when the message changes it. Pure.
 */
export function describeField(field: FieldInScope, withQuestion = true): string {
  const parts = [`- ${field.name}: ${describeShape(field.shape)}`];
  if (field.description) parts.push(`(${field.description})`);
  for (const [choice, words] of Object.entries(field.synonyms ?? {})) parts.push(`(${words.join(", ")} mean ${choice})`);
  if (withQuestion && field.question) parts.push(`— asked as "${field.question}"`);
  if (field.current !== undefined) parts.push(`— now ${JSON.stringify(field.current)}, a default: return it only if the message changes it`);
  return parts.join(" ");
}

/** A field's shape in plain words, as the model should read it. Pure. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case "choices":
      return `one of ${shape.choices.join(", ")}`;
    case "pattern":
      return `text matching /${shape.pattern}/`;
    case "number":
      return `a whole number${describeRange(shape.min, shape.max)}`;
    case "decimal":
      return `a number${describeRange(shape.min, shape.max)}`;
    case "lookup":
      return "text (a name, checked against a list)";
    case "text":
      return "free text";
    case "date":
      return "a date, YYYY-MM-DD";
    case "yes_no":
      return "true or false";
    case "pick":
      return "a row id from a list";
  }
}

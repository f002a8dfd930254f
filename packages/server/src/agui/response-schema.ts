/**
 * The JSON Schema of the answer an interrupt expects (`Interrupt.responseSchema`), so an AG-UI front end
 * can build a form for it: exactly the allowed row keys of a pick (a list of them for `many: true`), the choices of a `choices` field, the
 * range of a number, a yes/no for a card. Pure.
 */
import type { FieldDecl } from "@skillflow/core";

export type JsonSchema = Record<string, unknown>;

/**
 * The schema of one field's value: `allowed` (row ids) wins for a pick; with `many` (a pick of several
 * rows) the value is a list of those ids, at least one, each once.
 */
export function valueSchema(field: FieldDecl | undefined, allowed: string[] | undefined, many = false): JsonSchema {
  const secret = field?.secret ? { writeOnly: true, format: "password" } : {};
  if (allowed && many) return { type: "array", items: { type: "string", enum: allowed }, minItems: 1, uniqueItems: true };
  if (allowed) return { type: "string", enum: allowed };
  const shape = field?.shape;
  switch (shape?.kind) {
    case "choices": return { type: "string", enum: shape.choices };
    case "yes_no": return { type: "boolean" };
    case "number": return { type: "integer", ...range(shape.min, shape.max) };
    case "decimal":
      return { type: "number", ...range(shape.min, shape.max), ...(shape.places !== undefined && { multipleOf: 10 ** -shape.places }) };
    case "pattern": return { type: "string", pattern: shape.pattern, ...secret };
    case "date": return { type: "string", format: "date" };
    default: return { type: "string", minLength: 1, ...secret };
  }
}

/** `{ field: value }`, nothing else. */
export function fieldAnswerSchema(name: string, value: JsonSchema): JsonSchema {
  return { type: "object", properties: { [name]: value }, required: [name], additionalProperties: false };
}

/** A card's answer: `{ yes: true }` runs what it lists, `{ yes: false }` declines. */
export const CONFIRM_ANSWER_SCHEMA: JsonSchema = {
  type: "object", properties: { yes: { type: "boolean" } }, required: ["yes"], additionalProperties: false,
};

function range(min: number | undefined, max: number | undefined): JsonSchema {
  return { ...(min !== undefined && { minimum: min }), ...(max !== undefined && { maximum: max }) };
}

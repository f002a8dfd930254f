/**
 * The zod schemas of one extraction call. Pure.
 *
 * - `buildExtractionSchema` is handed to `withStructuredOutput`: one optional property per
 *   model-settable field in scope, typed by the field's base type (string, number, boolean), plus
 *   `reply` when a `chat` step is in play, and when several skills are offered, `skill`, `intent` and the
 *   fields of the other skills (merged by name: a value goes to the skill the message is about).
 *   Its properties carry names and types only, no descriptions: what each key means (a field's shape in
 *   words, description, synonyms, question; `reply`, `skill`, `intent`) is said once, in the system text
 *   (`build-extract-prompt.ts`), which every provider shows the model whatever its structured-output
 *   method (a schema used only to constrain decoding, as Ollama's `format`, is never shown to it).
 *   Ranges, patterns and choices are not enforced here.
 * - `buildValueSchema` is what the port `safeParse`s the model's output with, key by key: a field's value
 *   must be one scalar (text, number or yes/no). The runtime then judges the value against the field's
 *   shape, normalises it ("yes" for a yes/no field, "3" for a number) or refuses it with the skill's own
 *   message — so the port drops only what no field could take.
 */
import { z } from "zod";
import type { Shape } from "@skillflow/core";
import type { ExtractRequest, FieldInScope } from "./model-port.js";

/** Keys the port adds beside the fields. */
export const REPLY_KEY = "reply";
export const SKILL_KEY = "skill";
export const INTENT_KEY = "intent";
export const INTENTS = ["switch", "cancel"] as const;

export type ExtractionSchema = z.ZodObject<Record<string, z.ZodOptional<z.ZodType>>>;

/** The schema the model is asked to fill. Pure. */
export function buildExtractionSchema(request: ExtractRequest): ExtractionSchema {
  const shape: Record<string, z.ZodOptional<z.ZodType>> = {};
  // The fields in scope first, so a name another skill shares keeps the in-scope field's type.
  for (const field of allFields(request)) shape[field.name] ??= baseType(field.shape).optional();
  addExtras(shape, request);
  return z.object(shape).describe("Values stated in the person's message.");
}

/**
 * What both schemas depend on, as one string: the fields' names and base types in order, `reply`, and
 * the offered skills' names. Two requests with the same key get the same schemas. Pure.
 */
export function extractionKey(request: ExtractRequest): string {
  const fields = allFields(request).map((f) => `${f.name}:${baseKind(f.shape)}`);
  return JSON.stringify([fields, request.chat !== undefined, (request.skills ?? []).map((s) => s.name)]);
}

/** The schema the model's output is checked with, key by key. Pure. */
export function buildValueSchema(request: ExtractRequest): ExtractionSchema {
  const shape: Record<string, z.ZodOptional<z.ZodType>> = {};
  const scalar = z.union([z.string(), z.number(), z.boolean()], { error: "expected one value (text, number or yes/no)" });
  for (const field of allFields(request)) shape[field.name] = scalar.optional();
  addExtras(shape, request);
  return z.object(shape);
}

/** The fields in scope, then those the other offered skills would take (a name may repeat). Pure. */
export function allFields(request: ExtractRequest): FieldInScope[] {
  return [...request.fields, ...(request.skills ?? []).flatMap((s) => s.fields ?? [])];
}

/** `reply`, `skill` and `intent`, typed; the system text says what each means. */
function addExtras(shape: Record<string, z.ZodOptional<z.ZodType>>, request: ExtractRequest): void {
  if (request.chat) shape[REPLY_KEY] = z.string().optional();
  if (request.skills?.length) {
    const names = request.skills.map((s) => s.name) as [string, ...string[]];
    shape[SKILL_KEY] = z.enum(names).optional();
    shape[INTENT_KEY] = z.enum(INTENTS).optional();
  }
}

function baseType(shape: Shape): z.ZodType {
  const kind = baseKind(shape);
  return kind === "number" ? z.number() : kind === "boolean" ? z.boolean() : z.string();
}

function baseKind(shape: Shape): "number" | "boolean" | "string" {
  switch (shape.kind) {
    case "number":
    case "decimal":
      return "number";
    case "yes_no":
      return "boolean";
    default:
      return "string";
  }
}

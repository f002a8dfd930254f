/**
 * The JSON Schema (draft 2020-12) of the Fields, Steps, Limits and Values blocks, generated from the format's own
 * definitions (`definitions.ts`), which the parser reads too. Shipped as
 * `@skillflow/core/schema` (packages/core/schema/skill-blocks.schema.json, kept equal to this by a
 * test) for editors; `flow lsp` completes keys from it. Validate a Fields block against
 * `#/$defs/fields`, a Steps block against `#/$defs/steps`, a Limits block against `#/$defs/limits` and a
 * Values block against `#/$defs/values`. Pure.
 *
 * What JSON Schema cannot say is kept in `$comment` (checked by the parser all the same): `min` not
 * above `max`, synonyms naming only the field's choices, choices compared as written; and a YAML
 * mapping with a key written twice, which JSON cannot hold.
 */
import {
  FIELD_FLAGS, FLAG_ONLY_WITH, LIMIT_MEASURES, LIMIT_SCOPES, SHAPES, STEP_EXTRAS, STEP_KINDS,
  type FieldFlag, type KeyDef, type LeafForm, type NumberForm, type ShapeKey, type StepKindDef, type ValueForm,
} from "./definitions.js";
import type { StepKind } from "./ir.js";

export type JsonSchema = { [key: string]: unknown };

const SCALAR_TYPES = ["string", "number", "boolean"];
const SOME_TEXT = { anyOf: [{ type: "string", pattern: "\\S" }, { type: ["number", "boolean"] }] };
const NAME = { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$", not: { const: "__proto__" } };

/** What each leaf form accepts, as in `value-forms.ts`. */
const LEAVES: Record<LeafForm, JsonSchema> = {
  text: { ...SOME_TEXT, description: "Text with something in it." },
  expression: { ...SOME_TEXT, description: "A CEL expression over fields and tool outputs." },
  template: { ...SOME_TEXT, description: "Text with `{expression}` holes; `{{` and `}}` are literal braces." },
  scalar: { type: SCALAR_TYPES, description: "Text, a number or a boolean." },
  name: { ...NAME, description: "A plain name: letters, digits and `_`, not starting with a digit." },
  widget: { type: "string", pattern: "^\\s*[A-Za-z_][A-Za-z0-9_-]*\\s*$", description: "A widget name." },
  true: { enum: [true, null], description: "`true` (or nothing)." },
  boolean: { type: "boolean" },
  regex: { type: SCALAR_TYPES, format: "regex", description: "A JavaScript regular expression." },
  bound: { type: "integer", minimum: 1, maximum: 100, description: "A whole number from 1 to 100." },
};

const NUMBERS: Record<NumberForm, JsonSchema> = {
  number: { type: "number" },
  integer: { type: "integer" },
  count: { type: "integer", minimum: 0 },
};

/** The schema of the Fields and Steps blocks. */
export function skillBlocksSchema(): JsonSchema {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "SKILL.md Fields, Steps, Limits and Values blocks",
    description: "The YAML blocks under `## Fields`, `## Steps`, `## Limits` and `## Values` of a Skillflow SKILL.md. Validate a Fields block against `#/$defs/fields`, a Steps block against `#/$defs/steps`, a Limits block against `#/$defs/limits` and a Values block against `#/$defs/values`; the whole schema takes `{ fields, steps, limits, values }`.",
    type: "object",
    properties: { fields: { $ref: "#/$defs/fields" }, steps: { $ref: "#/$defs/steps" }, limits: { $ref: "#/$defs/limits" }, values: { $ref: "#/$defs/values" } },
    required: ["steps"],
    additionalProperties: false,
    $defs: {
      fields: {
        description: "Each field name mapped to its declaration: exactly one shape, plus optional flags.",
        anyOf: [{ type: "null" }, { type: "object", propertyNames: NAME, additionalProperties: { $ref: "#/$defs/field" } }],
      },
      field: {
        description: "A field declaration: one shape and optional flags.",
        oneOf: (Object.keys(SHAPES) as ShapeKey[]).map(fieldBranch),
      },
      steps: { description: "The steps, run from the first.", type: "array", items: { $ref: "#/$defs/step" } },
      step: {
        description: "One step: exactly one kind key, and the extra keys that kind takes.",
        oneOf: [...(Object.keys(STEP_KINDS) as StepKind[]).map(stepBranch), USE_STEP],
      },
      limits: limitsSchema(),
      values: VALUES,
      ...Object.fromEntries(Object.entries(LEAVES).map(([form, schema]) => [form, schema])),
    },
  };
}

/** The `## Limits` block: scopes mapped to measures, each a number from 0 (counts whole). */
function limitsSchema(): JsonSchema {
  const measures = Object.fromEntries(Object.entries(LIMIT_MEASURES).map(([measure, def]) => [
    measure, { type: def.form === "amount" ? "number" : "integer", minimum: 0, description: def.doc },
  ]));
  const scopes = Object.fromEntries(Object.entries(LIMIT_SCOPES).map(([scope, def]) => [
    scope, { type: "object", description: def.doc, properties: measures, additionalProperties: false },
  ]));
  return { description: "The model-call budget the skill declares: a host's limits may only lower it.", anyOf: [{ type: "null" }, { type: "object", properties: scopes, additionalProperties: false }] };
}
/** The `## Values` block: names mapped to expressions (their types, clashes and cycles are the checker's). */
const VALUES: JsonSchema = {
  description: "Named expressions, read wherever an expression is and evaluated on demand: `total: \"round(quote.fare * nights, 2)\"`.",
  anyOf: [{ type: "null" }, { type: "object", propertyNames: NAME, additionalProperties: { $ref: "#/$defs/expression", description: "A CEL expression over fields, tool outputs, gathered lists and other values." } }],
};

/** `use:` — not a step of its own: the part file's fields and steps, spliced in where it is (use-part.ts). */
const USE_STEP: JsonSchema = {
  title: "use",
  description: "The fields and steps of a part file, in place of this line: its path from this file's folder (`../parts/sign-in.md`).",
  type: "object",
  properties: { use: { type: "string", pattern: "\\S", description: "The part file's path, from the folder of the file that holds the `use:`." } },
  required: ["use"],
  additionalProperties: false,
};

/** One kind of step: its own key, the extras it takes, nothing else. */
function stepBranch(kind: StepKind): JsonSchema {
  const def: StepKindDef = STEP_KINDS[kind];
  const properties: JsonSchema = { [kind]: keySchema(def) };
  for (const extra of def.extras) properties[extra] = keySchema(STEP_EXTRAS[extra]);
  const branch: JsonSchema = { title: kind, description: def.doc, type: "object", properties, required: [kind, ...(def.needs ?? [])], additionalProperties: false };
  const dependent: Record<string, JsonSchema> = {};
  // `exhausted:` goes with a `repeat` that has `until:` (a loop over a list never runs out of passes).
  if (def.extras.includes("exhausted" as never)) dependent.exhausted = { properties: { [kind]: { type: "object", ...present(["until"]) } } };
  // `check:` on a repeat reads the passes through `as:`.
  if (kind === "repeat") dependent.check = { properties: { repeat: { type: "object", properties: { as: {} }, required: ["as"] } } };
  if (Object.keys(dependent).length > 0) branch.dependentSchemas = dependent;
  return branch;
}

/** A field of one shape: the shape's key, the flags that go with it, nothing else. */
function fieldBranch(shape: ShapeKey): JsonSchema {
  const properties: JsonSchema = { [shape]: keySchema(SHAPES[shape]) };
  for (const [flag, def] of Object.entries(FIELD_FLAGS) as Array<[FieldFlag, KeyDef]>) {
    const only = FLAG_ONLY_WITH[flag];
    if (only === undefined || only.includes(shape)) properties[flag] = keySchema(def);
  }
  // `cue:` goes with `secret: true` only; `keep:` never does; `default:` goes with neither.
  const dependentSchemas = {
    cue: { required: ["secret"], properties: { secret: { const: true } } },
    keep: { properties: { secret: { const: false } } },
    default: { properties: { secret: { const: false } }, not: { required: ["keep"] } },
  };
  return { title: shape, description: SHAPES[shape].doc, type: "object", properties, required: [shape], additionalProperties: false, dependentSchemas };
}

function keySchema(def: KeyDef): JsonSchema {
  return { ...formSchema(def.form), description: def.doc, ...(def.alsoChecked && { $comment: `Also checked: ${def.alsoChecked}.` }) };
}

/** "These keys are there" (each named in `properties`, as a strict schema wants). */
function present(keys: readonly string[]): JsonSchema {
  return { properties: Object.fromEntries(keys.map((key) => [key, true])), required: [...keys] };
}

/** The schema of a value of form `form`. */
export function formSchema(form: ValueForm): JsonSchema {
  if (typeof form === "object") {
    if ("oneOf" in form) return { enum: [...form.oneOf] };
    if ("range" in form) {
      const properties = Object.fromEntries(Object.entries(form.range).map(([option, n]) => [option, NUMBERS[n]]));
      return { anyOf: [{ $ref: "#/$defs/true" }, { type: "object", properties, additionalProperties: false }] };
    }
    const properties = Object.fromEntries(Object.entries(form.mapping).map(([key, def]) => [key, keySchema(def)]));
    const required = Object.entries(form.mapping).filter(([, def]) => !(def as KeyDef).optional).map(([key]) => key);
    const variants = form.variants?.map((v) => ({ ...present(v.required), not: { anyOf: v.forbids.map((key) => present([key])) } }));
    // Under `allOf`, so a reader of the keys (edit/schema-keys.ts) still finds them all on the mapping itself.
    return { type: "object", properties, required, additionalProperties: false, ...(variants ? { allOf: [{ oneOf: variants }] } : {}) };
  }
  switch (form) {
    case "words": return { type: "array", minItems: 1, uniqueItems: true, items: { $ref: "#/$defs/scalar" } };
    case "question": return { type: "object", minProperties: 1, maxProperties: 1, propertyNames: NAME, additionalProperties: { $ref: "#/$defs/template" } };
    case "checks": return { type: "object", minProperties: 1, propertyNames: { pattern: "\\S" }, additionalProperties: { $ref: "#/$defs/text" } };
    case "steps": return { type: "array", minItems: 1, items: { $ref: "#/$defs/step" } };
    case "cases": return { type: "object", minProperties: 1, propertyNames: { pattern: "\\S" }, additionalProperties: { type: "array", minItems: 1, items: { $ref: "#/$defs/step" } } };
    case "columns": return { anyOf: [{ type: "array", minItems: 1, uniqueItems: true, items: NAME }, { type: "object", minProperties: 1, propertyNames: NAME, additionalProperties: { $ref: "#/$defs/text" } }] };
    case "bindings": return { type: "object", minProperties: 1, propertyNames: NAME, additionalProperties: { $ref: "#/$defs/expression" } };
    case "options": return { type: "object", minProperties: 1, propertyNames: NAME, additionalProperties: { $ref: "#/$defs/text" } };
    case "synonyms": return { type: "object", additionalProperties: { anyOf: [{ $ref: "#/$defs/scalar" }, { type: "array", items: { $ref: "#/$defs/scalar" } }] } };
    default: return { $ref: `#/$defs/${form}` };
  }
}

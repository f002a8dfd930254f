/**
 * JSON Schema → ValueType: the small type description conditions and templates are checked against.
 * Zod schemas go through their own `toJSONSchema()` first, so a tool built against another copy of zod
 * is read the same way. Whatever has no clear type becomes `dyn`. Pure.
 */
import type { ValueType } from "./value-type.js";

/** A JSON Schema node, as far as this module reads it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
}

const DYN: ValueType = { t: "dyn" };

/** The ValueType a JSON Schema describes. Integers are `int`, other numbers `double`. */
export function valueTypeOfJsonSchema(schema: JsonSchema | boolean | undefined): ValueType {
  if (!schema || typeof schema !== "object") return DYN;
  if (schema.const !== undefined) return typeOfValue(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return enumType(schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return withoutNull(union.map(valueTypeOfJsonSchema));
  if (Array.isArray(schema.type)) return withoutNull(schema.type.map((type) => valueTypeOfJsonSchema({ ...schema, type })));
  switch (schema.type) {
    case "string":
      return { t: "string" };
    case "integer":
      return { t: "int" };
    case "number":
      return { t: "double" };
    case "boolean":
      return { t: "bool" };
    case "null":
      return { t: "null" };
    case "array":
      return { t: "list", of: Array.isArray(schema.items) ? DYN : valueTypeOfJsonSchema(schema.items) };
    case "object":
      return objectType(schema);
    default:
      return DYN;
  }
}

function objectType(schema: JsonSchema): ValueType {
  const fields: Record<string, ValueType> = {};
  const descriptions: Record<string, string> = {};
  const required = new Set(schema.required ?? []);
  const optional: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    fields[name] = valueTypeOfJsonSchema(property);
    if (!required.has(name)) optional.push(name);
    if (typeof property === "object" && property.description) descriptions[name] = property.description;
  }
  return {
    t: "object",
    fields,
    ...(optional.length > 0 && { optional }),
    ...(Object.keys(descriptions).length > 0 && { descriptions }),
  };
}

/** An enum of texts keeps its values (a `switch` on it knows its ways); any other enum is its values' type. */
function enumType(values: unknown[]): ValueType {
  if (values.every((v): v is string => typeof v === "string")) return { t: "string", values: [...values] };
  return sameType(values.map(typeOfValue));
}

function typeOfValue(value: unknown): ValueType {
  if (typeof value === "string") return { t: "string" };
  if (typeof value === "boolean") return { t: "bool" };
  if (typeof value === "number") return Number.isInteger(value) ? { t: "int" } : { t: "double" };
  if (value === null) return { t: "null" };
  return DYN;
}

/** One type if all agree (int with double is double), else dyn. */
function sameType(types: ValueType[]): ValueType {
  const [first] = types;
  if (!first) return DYN; // callers pass at least one type
  const json = JSON.stringify(first);
  if (types.every((type) => JSON.stringify(type) === json)) return first;
  const names = new Set(types.map((type) => type.t));
  if (names.size === 2 && names.has("int") && names.has("double")) return { t: "double" };
  return DYN;
}

/** A nullable `T` (`T | null`) reads as `T`; other unions must agree on one type. */
function withoutNull(types: ValueType[]): ValueType {
  const rest = types.filter((type) => type.t !== "null");
  if (rest.length === 0) return { t: "null" };
  return sameType(rest);
}

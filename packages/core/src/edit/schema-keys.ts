/**
 * Reading the blocks' JSON Schema (`skillBlocksSchema()` from @skillflow/core) for completion: the keys
 * a mapping may take next, with their descriptions, and the values a value may take. Only the parts
 * of JSON Schema the generated schema uses: `$ref` into `$defs`, `oneOf`/`anyOf` branches,
 * `properties`, `required`, `enum`, `type: boolean`. A branch fits when every key already written is
 * one of its properties (each branch is closed with `additionalProperties: false`). Pure.
 */
import { skillBlocksSchema, type JsonSchema } from "../format/skill-schema.js";
import type { SchemaAt } from "./spot-of.js";

export interface SchemaKey {
  key: string;
  description?: string;
  /** Required by a fitting branch: a step's kind, a field's shape. */
  required: boolean;
}

let cached: JsonSchema | undefined;
const schema = (): JsonSchema => (cached ??= skillBlocksSchema());

/** The keys that may be written next at `at`, beside the `existing` ones (required ones first). */
export function keysAt(at: SchemaAt, existing: readonly string[]): SchemaKey[] {
  const found = new Map<string, SchemaKey>();
  for (const branch of fitting(nodesAt(at), existing)) {
    const properties = branch.properties as Record<string, JsonSchema>;
    const required = (branch.required as string[] | undefined) ?? [];
    for (const [key, property] of Object.entries(properties)) {
      if (existing.includes(key)) continue;
      const known = found.get(key);
      const description = typeof property.description === "string" ? property.description : undefined;
      found.set(key, { key, ...(description !== undefined && { description }), required: (known?.required ?? false) || required.includes(key) });
    }
  }
  return [...found.values()].sort((a, b) => Number(b.required) - Number(a.required));
}

/** The values a value at `at` may be, when the schema lists them (`true`, `false`). */
export function valuesAt(at: SchemaAt): string[] {
  const values = new Set<string>();
  for (const node of nodesAt(at).flatMap(alternatives)) {
    for (const value of (node.enum as unknown[] | undefined) ?? []) if (value !== null) values.add(String(value));
    if (node.type === "boolean") ["true", "false"].forEach((v) => values.add(v));
  }
  return [...values];
}

/** The description of the key at the end of `at` (for hover). */
export function describeKey(at: SchemaAt): string | undefined {
  const last = at.keys[at.keys.length - 1];
  if (!last) return undefined;
  const parent = nodesAt({ ...at, keys: at.keys.slice(0, -1) });
  for (const branch of fitting(parent, last.beside)) {
    const property = (branch.properties as Record<string, JsonSchema>)[last.key];
    if (property && typeof property.description === "string") return property.description;
  }
  return undefined;
}

/** The schema nodes at `at`: its `$defs` entry, then down each key through the branches that fit. */
function nodesAt(at: SchemaAt): JsonSchema[] {
  const isNode = (n: JsonSchema | undefined): n is JsonSchema => n !== undefined;
  let nodes = [(schema().$defs as Record<string, JsonSchema>)[at.def]].filter(isNode);
  for (const { key, beside } of at.keys) {
    nodes = fitting(nodes, beside).map((branch) => (branch.properties as Record<string, JsonSchema>)[key]).filter(isNode);
  }
  return nodes;
}

/** The object branches of `nodes` whose properties hold every key in `existing`. */
function fitting(nodes: JsonSchema[], existing: readonly string[]): JsonSchema[] {
  return nodes.flatMap(alternatives).filter((node) => {
    const properties = node.properties as Record<string, unknown> | undefined;
    return properties !== undefined && existing.every((key) => Object.hasOwn(properties, key));
  });
}

/** A node with its `$ref` followed and its `oneOf`/`anyOf` spread into branches. */
function alternatives(node: JsonSchema): JsonSchema[] {
  if (typeof node.$ref === "string") {
    const target = (schema().$defs as Record<string, JsonSchema>)[node.$ref.replace("#/$defs/", "")];
    return target ? alternatives(target) : [];
  }
  const branches = (node.oneOf ?? node.anyOf) as JsonSchema[] | undefined;
  return branches ? branches.flatMap(alternatives) : [node];
}

/**
 * An MCP tool's input or output JSON Schema as a zod schema, with zod 4's `z.fromJSONSchema`, so a tool
 * from a server is described to the checker exactly like a `lookup()`/`action()` of tools.ts (zod →
 * JSON Schema → the checker's value types: `integer` stays `int`, `number` is `double`, and so on).
 * A schema zod cannot read (`not`, an unresolvable `$ref`) is kept as the JSON Schema itself, which the
 * checker reads directly; what has no clear type there is `dyn`. Pure.
 */
import { z } from "zod";

/** A tool's input schema: an object schema (MCP requires `type: "object"`). */
export function inputSchemaOf(schema: unknown): z.ZodObject {
  return schemaOf(schema ?? { type: "object" }) as z.ZodObject;
}

/** A tool's output schema; a tool that declares none returns anything (`dyn` to the checker). */
export function outputSchemaOf(schema: unknown): z.ZodType {
  return schema === undefined ? z.unknown() : schemaOf(schema);
}

function schemaOf(schema: unknown): z.ZodType {
  if (typeof schema !== "object" || schema === null) return z.unknown();
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  try {
    return z.fromJSONSchema(rest as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    // The checker reads a plain JSON Schema object as such (describeTool's jsonSchemaOf).
    return rest as unknown as z.ZodType;
  }
}

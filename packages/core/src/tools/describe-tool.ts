/**
 * What the checker knows of a tool without running it: kind, parameters with types and descriptions,
 * output type. Works for `lookup()`/`action()` definitions and for plain LangChain tools. Pure.
 *
 * A LangChain tool (anything with `name`, `schema` and `invoke`) counts as a write unless it is marked
 * read-only with `metadata: { readOnly: true }` or a hand-off with `metadata: { handoff: true }`; its
 * output type is `dyn` (LangChain tools declare none).
 */
import { z } from "zod";
import { isToolDefinition, type ToolDefinition } from "./define.js";
import { valueTypeOfJsonSchema, type JsonSchema } from "./value-type-of-schema.js";
import type { ToolInfo, ToolKind, ToolParam } from "../format/ir.js";

/** The parts of a LangChain `StructuredTool` Skillflow uses (no LangChain import in core). */
export interface LangChainToolLike {
  name: string;
  description?: string;
  /** A zod object, or a JSON Schema object. */
  schema: unknown;
  metadata?: Record<string, unknown>;
  invoke(input: unknown, config?: unknown): Promise<unknown>;
}

export function isLangChainTool(value: unknown): value is LangChainToolLike {
  const tool = value as LangChainToolLike | null;
  return typeof tool === "object" && tool !== null && !isToolDefinition(tool) &&
    typeof tool.name === "string" && typeof tool.invoke === "function" && "schema" in tool;
}

/** Describe a tool for the checker. */
export function describeTool(tool: ToolDefinition | LangChainToolLike): ToolInfo {
  if (isToolDefinition(tool)) {
    const input = jsonSchemaOf(tool.input, "input");
    const description = tool.description ?? (tool.input as { description?: string }).description;
    return {
      name: tool.name,
      kind: tool.kind,
      ...(description !== undefined && { description }),
      ...(typeof tool.card === "string" && { card: tool.card }),
      params: paramsOf(input),
      output: valueTypeOfJsonSchema(jsonSchemaOf(tool.output, "output")),
    };
  }
  return {
    name: tool.name,
    kind: langChainKind(tool),
    ...(tool.description !== undefined && { description: tool.description }),
    params: paramsOf(jsonSchemaOf(tool.schema, "input")),
    output: { t: "dyn" },
  };
}

/**
 * A LangChain tool's kind from its metadata: `handoff: true` a hand-off, `readOnly: true` a lookup, else a
 * write. A tool marked both is a hand-off (as `mcpTools` decides): read as a lookup, a transfer would run
 * at every read, with no ledger, and the conversation would go on after it.
 */
export function langChainKind(tool: LangChainToolLike): ToolKind {
  if (tool.metadata?.handoff === true) return "handoff";
  return tool.metadata?.readOnly === true ? "lookup" : "write";
}

/** The JSON Schema of a zod schema (via its own copy of zod when it has one), or a JSON Schema as is. */
function jsonSchemaOf(schema: unknown, io: "input" | "output"): JsonSchema | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  if (!("_zod" in schema)) return schema as JsonSchema;
  const options = { io, unrepresentable: "any" as const };
  try {
    const own = (schema as { toJSONSchema?: (o: typeof options) => unknown }).toJSONSchema;
    return (typeof own === "function" ? own.call(schema, options) : z.toJSONSchema(schema as z.ZodType, options)) as JsonSchema;
  } catch {
    return undefined;
  }
}

function paramsOf(schema: JsonSchema | undefined): ToolParam[] {
  const type = valueTypeOfJsonSchema(schema);
  if (type.t !== "object") return [];
  return Object.entries(type.fields).map(([name, valueType]) => ({
    name,
    type: valueType,
    optional: type.optional?.includes(name) ?? false,
    ...(type.descriptions?.[name] !== undefined && { description: type.descriptions[name] }),
  }));
}

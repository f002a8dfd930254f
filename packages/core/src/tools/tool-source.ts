/**
 * A tool source: an item of tools.ts's default export that stands for tools listed elsewhere (an MCP
 * server, through `mcpTools()` from @skillflow/mcp). The loader awaits `listTools()` and puts the tools it
 * returns in the source's place. Core knows only this shape, never MCP itself. Tagged with a global
 * symbol, like `lookup()`/`action()`, so a source made by another copy of a package is still recognised.
 */
import type { RuleId } from "../rule-catalog.js";
import type { ToolDefinition } from "./define.js";

export const TOOL_SOURCE_TAG = Symbol.for("skillflow.toolSource");

/** What a source could not give: a located load diagnostic once the loader has placed it in tools.ts. */
export interface ToolSourceProblem {
  ruleId: Extract<RuleId, "mcp-unavailable" | "mcp-tool-missing">;
  /** One sentence: what is wrong. */
  reason: string;
  /** One sentence: what to change. */
  fix: string;
  /** A name written in quotes in tools.ts after the source's call (a tool in `only:`), to point at; if any. */
  near?: string;
}

export interface ToolSourceListing {
  tools: ToolDefinition[];
  problems: ToolSourceProblem[];
}

export interface ToolSource {
  readonly [TOOL_SOURCE_TAG]: true;
  /** How the source is written in tools.ts (`mcpTools(`), so its problems can be located there. */
  readonly call: string;
  /** The tools, or why some or all are missing. Resolves; it does not reject for a server that is down. */
  listTools(): Promise<ToolSourceListing>;
}

export function isToolSource(value: unknown): value is ToolSource {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[TOOL_SOURCE_TAG] === true &&
    typeof (value as ToolSource).listTools === "function";
}

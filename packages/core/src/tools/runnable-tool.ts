/**
 * RunnableTool: the one shape the runtime calls, whether the tool came from `lookup()`/`action()`/`handoff()` or is
 * a LangChain tool. Pure adapters (they wrap functions; they do not run them).
 */
import type { ToolKind } from "../format/ir.js";
import type { ToolContext, ToolDefinition } from "./define.js";
import { isLangChainTool, langChainKind, type LangChainToolLike } from "./describe-tool.js";

export interface RunnableTool {
  name: string;
  kind: ToolKind;
  run(input: Record<string, unknown>, context: ToolContext): Promise<unknown>;
}

/**
 * Adapt a tool for the runtime. A LangChain tool is invoked with the context's AbortSignal; a string
 * result that is JSON is parsed (LangChain tools usually return text).
 */
export function runnableTool(tool: ToolDefinition | LangChainToolLike): RunnableTool {
  if (!isLangChainTool(tool)) {
    return { name: tool.name, kind: tool.kind, run: async (input, context) => tool.run(input, context) };
  }
  const kind: ToolKind = langChainKind(tool);
  return {
    name: tool.name,
    kind,
    run: async (input, context) => parseIfJson(await tool.invoke(input, { signal: context.signal })),
  };
}

function parseIfJson(result: unknown): unknown {
  if (typeof result !== "string") return result;
  try {
    return JSON.parse(result);
  } catch {
    return result;
  }
}

/**
 * The tools a tools.ts declares, read from its text when it cannot be imported (a package it imports is
 * not installed where the file is): each `lookup({ name: "x" …`, `action({ name: "x" …` and
 * `handoff({ name: "x" …` call, as a tool of that name and kind whose inputs and output are unknown
 * (no inputs, an untyped `dyn` output). With them a skill is checked for everything that does not need
 * the tools' inputs and outputs (names, which tools are writes, the write gate, templates, fields).
 * Undefined when the text declares tools any other way (`mcpTools(…)`, a LangChain `tool(…)`, a name
 * that is not a literal, `lookup` imported under another name): then the names alone are not known for
 * sure, and nothing is guessed. Tools a package exports (not a file of the skill's) are not read. Pure.
 */
import type { ToolInfo, ToolKind } from "../format/ir.js";

const KINDS: Record<string, ToolKind> = { lookup: "lookup", action: "write", handoff: "handoff" };

/** The tools declared in `source` by name and kind, or undefined when they cannot all be read. Pure. */
export function readToolNames(source: string): Record<string, ToolInfo> | undefined {
  const code = withoutComments(source);
  if (/\b(mcpTools|tool|DynamicStructuredTool|DynamicTool)\s*\(/.test(code)) return undefined;
  // `lookup as l`: calls under another name would be missed, and their tools said to be unknown.
  if (/\b(lookup|action|handoff)\s+as\s+\w/.test(code)) return undefined;
  const calls = [...code.matchAll(/\b(lookup|action|handoff)\s*\(/g)];
  if (calls.length === 0) return undefined;
  const tools: Record<string, ToolInfo> = {};
  for (const call of calls) {
    const named = /^\s*\{\s*name\s*:\s*(["'`])([\w-]+)\1/.exec(code.slice(call.index! + call[0].length));
    if (!named) return undefined;
    tools[named[2]!] = { name: named[2]!, kind: KINDS[call[1]!]!, params: [], output: { t: "dyn" } };
  }
  return tools;
}

/** The text with `//` and `/* … *\/` comments blanked (strings are left alone: good enough for names). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

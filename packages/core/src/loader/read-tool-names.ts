/**
 * The tools a tools.ts declares, read from its text when it cannot be imported (a package it imports is
 * not installed where the file is), as tools of that name and kind whose inputs and output are unknown
 * (no inputs, an untyped `dyn` output). With them a skill is checked for everything that does not need
 * the tools' inputs and outputs (names, which tools are writes, the write gate, templates, fields).
 * Read, from literals only (read-call-args.ts):
 * - each `lookup({ name: "x" …`, `action({ name: "x" …` and `handoff({ name: "x" …` call;
 * - each LangChain `tool(fn, { name: "x", … })`: a write, a lookup with `metadata: { readOnly: true }`, a
 *   hand-off with `metadata: { handoff: true }` (as the loader decides);
 * - each `mcpTools({ … only: ["x", …] })`: the tools it takes, a lookup when in `readOnly:`, a hand-off
 *   when in `handoff:`, else a write (as @skillflow/mcp decides). A server without `only:`, or one it
 *   `trusted: true` (its own hints then decide what is a lookup), has tools known only to the server:
 *   those `readOnly:` and `handoff:` name are read, the names are `open`, and the checks that a tool the
 *   skill names exists (and is gated as a write) are skipped for the others.
 * Undefined when a declaration is not made of literals (a name in a variable, `lookup` imported under
 * another name, a `DynamicStructuredTool`): then the names alone are not known for sure, and nothing is
 * guessed. Tools a package exports (not a file of the skill's) are not read. Pure.
 */
import type { ToolInfo, ToolKind } from "../format/ir.js";
import { objectEntries, stringArray, stringLiteral, topLevelParts } from "./read-call-args.js";

/** The tools read by name; `open`: an MCP server may have more, whose names only it knows. */
export interface ToolNames {
  tools: Record<string, ToolInfo>;
  open: boolean;
}

const KINDS: Record<string, ToolKind> = { lookup: "lookup", action: "write", handoff: "handoff" };

/** The tools declared in `source` by name and kind, or undefined when they cannot all be read. Pure. */
export function readToolNames(source: string): ToolNames | undefined {
  const code = withoutComments(source);
  if (/\b(DynamicStructuredTool|DynamicTool|StructuredTool)\b/.test(code)) return undefined;
  // `lookup as l`: calls under another name would be missed, and their tools said to be unknown.
  if (/\b(lookup|action|handoff|tool|mcpTools)\s+as\s+\w/.test(code)) return undefined;
  const calls = [...code.matchAll(/(?<![\w$.])(lookup|action|handoff|tool|mcpTools)\s*\(/g)];
  if (calls.length === 0) return undefined;
  const found: ToolNames = { tools: {}, open: false };
  for (const call of calls) {
    const args = topLevelParts(code, call.index! + call[0].length - 1);
    const read = args && readCall(call[1]!, args, found);
    if (!read) return undefined;
  }
  return found;
}

/** Adds the tools of one call to `found`; false when its arguments are not literals. */
function readCall(callee: string, args: string[], found: ToolNames): boolean {
  if (callee === "mcpTools") return readServer(args[0], found);
  const config = objectEntries((callee === "tool" ? args[1] : args[0]) ?? "");
  const name = config?.has("name") ? stringLiteral(config.get("name")!) : undefined;
  if (!config || name === undefined || !/^[\w-]+$/.test(name)) return false;
  const kind = callee === "tool" ? langChainKind(config.get("metadata")) : KINDS[callee];
  if (!kind) return false;
  found.tools[name] = toolNamed(name, kind);
  return true;
}

/** A LangChain tool's kind from its literal `metadata` (none: a write). */
function langChainKind(metadata: string | undefined): ToolKind | undefined {
  if (metadata === undefined) return "write";
  const entries = objectEntries(metadata);
  const flag = (key: string) => (entries?.has(key) ? entries.get(key) : "false");
  const handoff = flag("handoff");
  const readOnly = flag("readOnly");
  if (!entries || !/^(true|false)$/.test(handoff!) || !/^(true|false)$/.test(readOnly!)) return undefined;
  return handoff === "true" ? "handoff" : readOnly === "true" ? "lookup" : "write";
}

/**
 * An MCP server's tools: those `only:` lists; without `only:`, or when `trusted: true`, those
 * `readOnly:` and `handoff:` name, and the rest open.
 */
function readServer(options: string | undefined, found: ToolNames): boolean {
  const entries = objectEntries(options ?? "");
  if (!entries) return false;
  const list = (key: string) => (entries.has(key) ? stringArray(entries.get(key)!) : []);
  const [only, readOnly, handoff] = [list("only"), list("readOnly"), list("handoff")];
  const trusted = entries.get("trusted") ?? "false";
  // A spread may set what decides the names and kinds: then they are not known for sure.
  if (/\b(only|readOnly|handoff|trusted)\b/.test(entries.get("...") ?? "")) return false;
  if (!readOnly || !handoff || (entries.has("only") && !only) || !/^(true|false)$/.test(trusted)) return false;
  const kindOf = (name: string): ToolKind => (handoff.includes(name) ? "handoff" : readOnly.includes(name) ? "lookup" : "write");
  // Trusted, a tool not in `readOnly:` is a lookup or a write as the server says: only those listed are known.
  const known = !entries.has("only") || trusted === "true" ? [...readOnly, ...handoff] : only!;
  if (known !== only) found.open = true;
  for (const name of known) found.tools[name] = toolNamed(name, kindOf(name));
  return true;
}

function toolNamed(name: string, kind: ToolKind): ToolInfo {
  return { name, kind, params: [], output: { t: "dyn" } };
}

/** The text with `//` and `/* … *\/` comments blanked (strings are left alone: good enough for names). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

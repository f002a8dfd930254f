/**
 * From tools.ts's module to tools: the default export must be an array of `lookup()`/`action()` tools or
 * LangChain tools, with distinct names usable in conditions. Pure: positions are found in the source text.
 */
import type { Diagnostic } from "../diagnostics.js";
import { makeDiagnostic } from "../format/diagnose.js";
import type { Position, ToolInfo } from "../format/ir.js";
import { isIdentifier, unusableNameFix } from "../format/yaml-node.js";
import { isToolDefinition } from "../tools/define.js";
import { describeTool, isLangChainTool } from "../tools/describe-tool.js";
import { runnableTool, type RunnableTool } from "../tools/runnable-tool.js";
import { ownValue } from "../own-value.js";
import { exportPosition, literal, positionOf } from "./locate-in-source.js";

export interface CollectedTools {
  infos: Record<string, ToolInfo>;
  runnables: Record<string, RunnableTool>;
  diagnostics: Diagnostic[];
}

/** Read the tools of a loaded tools.ts module. `source` is the file's text (for positions). */
export function collectTools(module: unknown, file: string, source: string): CollectedTools {
  const found: CollectedTools = { infos: {}, runnables: {}, diagnostics: [] };
  const exported = (module as { default?: unknown } | null)?.default;
  const at = exportPosition(source);
  if (!Array.isArray(exported)) {
    const what = exported === undefined ? "has no default export" : `exports ${describe(exported)} by default`;
    found.diagnostics.push(makeDiagnostic(file, "tools-shape", at, `tools.ts ${what}, not an array of tools.`, "End tools.ts with `export default [ … ]` listing its tools."));
    return found;
  }
  exported.forEach((tool: unknown, index) => {
    if (!isToolDefinition(tool) && !isLangChainTool(tool)) {
      const reason = `Item ${index + 1} of tools.ts's default export is ${describe(tool)}, not a tool.`;
      found.diagnostics.push(makeDiagnostic(file, "tools-shape", at, reason, "Make each item with `lookup()` or `action()` from @skillflow/core, or use a LangChain tool."));
    } else if (!isIdentifier(tool.name)) {
      const reason = `Tool name \`${tool.name}\` cannot be used in a skill: it is not a plain name.`;
      const fix = unusableNameFix(tool.name, `Rename it with letters, digits and \`_\`, like \`${tool.name.replace(/\W/g, "_")}\`.`);
      found.diagnostics.push(makeDiagnostic(file, "tools-shape", namePos(source, tool.name, 1) ?? at, reason, fix));
    } else if (ownValue(found.infos, tool.name)) {
      const reason = `Two tools in tools.ts are named \`${tool.name}\`.`;
      found.diagnostics.push(makeDiagnostic(file, "duplicate-tool", namePos(source, tool.name, 2) ?? at, reason, "Rename one of them, or remove the copy."));
    } else {
      found.infos[tool.name] = describeTool(tool);
      found.runnables[tool.name] = runnableTool(tool);
    }
  });
  return found;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** Where the `nth` `name: "tool"` is written, if it can be found. */
function namePos(source: string, name: string, nth: number): Position | undefined {
  return positionOf(source, new RegExp(`name\\s*:\\s*["'\`]${literal(name).source}["'\`]`), nth);
}

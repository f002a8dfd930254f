/**
 * Where a tool is defined: `name: "tool"` in tools.ts, or in a module tools.ts imports with a relative
 * path (`./lookups.js` → lookups.ts), a few imports deep. A tool that comes from an MCP server has no
 * such line: then its `mcpTools(` call, else tools.ts's `export default`. Reads files (the editor's
 * side of the server).
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";

export interface SourcePlace {
  file: string;
  /** 0-based, as LSP counts. */
  line: number;
  character: number;
}

const MAX_DEPTH = 3;

export async function findToolDefinition(toolsFile: string, tool: string): Promise<SourcePlace> {
  const name = new RegExp(`\\bname\\s*:\\s*["'\`]${tool}["'\`]`);
  const found = await search(toolsFile, name, 0, new Set());
  if (found) return found;
  const source = await readFile(toolsFile, "utf8").catch(() => "");
  return placeOf(toolsFile, source, /\bmcpTools\s*\(/) ?? placeOf(toolsFile, source, /\bexport\s+default\b/) ?? { file: toolsFile, line: 0, character: 0 };
}

async function search(file: string, pattern: RegExp, depth: number, seen: Set<string>): Promise<SourcePlace | undefined> {
  if (seen.has(file) || depth > MAX_DEPTH) return undefined;
  seen.add(file);
  const source = await readFile(file, "utf8").catch(() => undefined);
  if (source === undefined) return undefined;
  const here = placeOf(file, source, pattern);
  if (here) return here;
  // The group is required, so every match has it.
  for (const match of source.matchAll(/\bfrom\s+["'](\.{1,2}\/[^"']+)["']/g)) {
    for (const candidate of candidates(resolve(dirname(file), match[1]!))) {
      const found = await search(candidate, pattern, depth + 1, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** The files an import path may name: as written, `.js` read as `.ts`, or with `.ts` added. */
function candidates(path: string): string[] {
  if (/\.[cm]?js$/.test(path)) return [path.replace(/\.([cm]?)js$/, ".$1ts"), path];
  return /\.[cm]?ts$/.test(path) ? [path] : [`${path}.ts`, `${path}/index.ts`, `${path}.js`];
}

function placeOf(file: string, source: string, pattern: RegExp): SourcePlace | undefined {
  for (const [line, text] of source.split("\n").entries()) {
    const match = pattern.exec(text);
    if (match) return { file, line, character: match.index };
  }
  return undefined;
}

/**
 * Importing a skill's tools.ts at run time with jiti (the edge). jiti is loaded on first use, so checking
 * a skill without tools never pays for it. Each load evaluates the file afresh (no module cache), so
 * in-memory fake tools start clean. A syntax error, a throw or a missing import is a located diagnostic.
 */
import { access } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { makeDiagnostic } from "../format/diagnose.js";
import type { Position } from "../format/ir.js";

const CANDIDATES = ["tools.ts", "tools.mts", "tools.js", "tools.mjs"];

type Jiti = { import(id: string): Promise<unknown> };
let jiti: Promise<Jiti> | undefined;

/** The tools file beside SKILL.md, if there is one. */
export async function findToolsFile(skillFile: string): Promise<string | undefined> {
  for (const name of CANDIDATES) {
    const file = join(dirname(skillFile), name);
    try {
      await access(file);
      return file;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Import `file`; on failure, the diagnostic says why (tools-syntax or tools-throws). */
export async function importTools(file: string, source?: string): Promise<{ module?: unknown; diagnostic?: Diagnostic }> {
  try {
    jiti ??= import("jiti").then(({ createJiti }) => createJiti(import.meta.url, { moduleCache: false }));
    // jiti resolves relative ids against this module, not the working directory.
    return { module: await (await jiti).import(resolve(file)) };
  } catch (error) {
    return { diagnostic: describeImportError(error, file, source) };
  }
}

/** Turn what jiti or the module threw into a diagnostic located in tools.ts. Pure. */
export function describeImportError(error: unknown, file: string, source?: string): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const parse = /^(?:ParseError|SyntaxError): ([^\n]*)(?:\n\s*\S*?:(\d+):(\d+))?/.exec(message);
  if (parse || error instanceof SyntaxError) {
    // jiti's parser counts columns from 0.
    const pos = parse?.[2] ? { line: Number(parse[2]), column: Number(parse[3]) + 1 } : stackPos(error, file);
    const what = (parse?.[1] ?? message.split("\n")[0]).trim().replace(/\.$/, "");
    return makeDiagnostic(file, "tools-syntax", pos, `tools.ts has a syntax error: ${what}.`, "Fix the code at this place; tools.ts must be valid TypeScript.");
  }
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(message);
  if (missing) {
    const reason = `tools.ts imports \`${missing[1]}\`, which cannot be found.`;
    return makeDiagnostic(file, "tools-throws", importPos(source, missing[1]) ?? stackPos(error, file), reason, "Install the package, or correct the import path.");
  }
  const first = message.split("\n")[0].trim().replace(/\.$/, "");
  return makeDiagnostic(file, "tools-throws", stackPos(error, file), `tools.ts throws when it is imported: ${first}.`, "Fix the failing code, or move it inside a tool's function so it runs only when the tool is called.");
}

/** The first stack frame inside `file`, or the top of the file. */
function stackPos(error: unknown, given: string): Position {
  const stack = error instanceof Error ? error.stack ?? "" : "";
  const file = resolve(given);
  for (const line of stack.split("\n")) {
    const at = line.indexOf(file);
    const match = at >= 0 ? /^:(\d+):(\d+)/.exec(line.slice(at + file.length)) : null;
    if (match) return { line: Number(match[1]), column: Number(match[2]) };
  }
  return { line: 1, column: 1 };
}

/** Where `"specifier"` or `'specifier'` is written in the source, if it is. */
function importPos(source: string | undefined, specifier: string): Position | undefined {
  const lines = source?.split("\n") ?? [];
  for (let i = 0; i < lines.length; i++) {
    const column = Math.max(lines[i].indexOf(`"${specifier}"`), lines[i].indexOf(`'${specifier}'`));
    if (column >= 0) return { line: i + 1, column: column + 1 };
  }
  return undefined;
}

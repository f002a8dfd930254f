/**
 * What went wrong importing tools.ts, as a diagnostic located in tools.ts: a syntax error, a throw, a
 * missing import (tools-syntax, tools-throws), or an import that never finishes (tools-timeout). Pure.
 */
import { resolve } from "node:path";
import type { Diagnostic } from "../diagnostics.js";
import { makeDiagnostic } from "../format/diagnose.js";
import type { Position } from "../format/ir.js";
import { frameIn, mapSourcePosition } from "./map-source-position.js";

const START: Position = { line: 1, column: 1 };

/** tools.ts as it ran: the compiled code (with its inline source map) and the runner's line-1 wrapper width. */
export interface CompiledTools {
  code: string;
  wrapperWidth: number;
}

/** Turn what jiti or the module threw into a diagnostic located in tools.ts. Pure. */
export function describeImportError(error: unknown, file: string, source?: string, compiled?: CompiledTools): Diagnostic {
  const message = error instanceof Error ? error.message : String(error);
  const parse = /^(?:ParseError|SyntaxError): ([^\n]*)(?:\n\s*\S*?:(\d+):(\d+))?/.exec(message);
  if (parse || error instanceof SyntaxError) {
    // jiti's parser counts columns from 0.
    const pos = parse?.[2] ? { line: Number(parse[2]), column: Number(parse[3]) + 1 } : framePos(error, file, compiled);
    const what = (parse?.[1] ?? firstLine(message)).trim().replace(/\.$/, "");
    return makeDiagnostic(file, "tools-syntax", pos, `tools.ts has a syntax error: ${what}.`, "Fix the code at this place; tools.ts must be valid TypeScript.");
  }
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(message)?.[1];
  if (missing !== undefined) {
    const reason = `tools.ts imports \`${missing}\`, which cannot be found.`;
    return makeDiagnostic(file, "tools-throws", importPos(source, missing) ?? framePos(error, file, compiled), reason, "Install the package, or correct the import path.");
  }
  const first = firstLine(message).trim().replace(/\.$/, "");
  return makeDiagnostic(file, "tools-throws", framePos(error, file, compiled), `tools.ts throws when it is imported: ${first}.`, "Fix the failing code, or move it inside a tool's function so it runs only when the tool is called.");
}

/** tools.ts did not finish importing within `ms`: located at its first top-level `await`, if it has one. Pure. */
export function describeImportTimeout(file: string, source: string | undefined, ms: number): Diagnostic {
  const seconds = ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
  const reason = `tools.ts did not finish importing within ${seconds}: its top level waits for something that does not settle.`;
  const fix = "Do slow or waiting work inside a tool's function, so it runs only when the tool is called (FLOW_IMPORT_TIMEOUT_MS sets the limit).";
  return makeDiagnostic(file, "tools-timeout", topLevelAwait(source) ?? START, reason, fix);
}

function firstLine(text: string): string {
  return text.split("\n")[0]!; // split returns at least one piece
}

/** Where the error was thrown in the source: its first frame in `file`, mapped back when it ran compiled. */
function framePos(error: unknown, file: string, compiled?: CompiledTools): Position {
  const frame = frameIn(error, resolve(file));
  if (!frame) return START;
  return (compiled && mapSourcePosition(frame, compiled.code, compiled.wrapperWidth)) ?? frame;
}

/** Where `"specifier"` or `'specifier'` is written in the source, if it is. */
function importPos(source: string | undefined, specifier: string): Position | undefined {
  const lines = source?.split("\n") ?? [];
  for (const [i, line] of lines.entries()) {
    const column = Math.max(line.indexOf(`"${specifier}"`), line.indexOf(`'${specifier}'`));
    if (column >= 0) return { line: i + 1, column: column + 1 };
  }
  return undefined;
}

/** The first `await` on a line that starts at the left margin (a top-level statement), if any. */
function topLevelAwait(source: string | undefined): Position | undefined {
  const lines = source?.split("\n") ?? [];
  for (const [i, line] of lines.entries()) {
    const at = /^(?=\S)(.*?)\bawait\b/.exec(line);
    if (at && !/^(\/\/|\*|\/\*)/.test(line)) return { line: i + 1, column: at[1]!.length + 1 };
  }
  return undefined;
}

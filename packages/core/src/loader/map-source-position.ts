/**
 * From a place in compiled tools.ts back to the place the person wrote. jiti compiles tools.ts with
 * Babel (lines kept, columns not: types are dropped, `"use strict";` is added) and runs the result
 * inside a function wrapper written on the same first line, so a stack frame's column is not the
 * source's. The compiled code's inline source map, and the width of the wrapper on line 1, give it
 * back. Pure.
 */
import { SourceMap, type SourceMapPayload } from "node:module";
import type { Position } from "../format/ir.js";

const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)/;

/**
 * Where the frame `at` (1-based, in the running code: the wrapper, then `compiled`) was written in the
 * source `compiled` was made from, per its inline source map; undefined without a map or a mapping.
 */
export function mapSourcePosition(at: Position, compiled: string, wrapperWidth: number): Position | undefined {
  const map = inlineSourceMap(compiled);
  const column = at.line === 1 ? at.column - wrapperWidth : at.column;
  if (!map || column < 1) return undefined;
  const entry = map.findEntry(at.line - 1, column - 1);
  if (!("originalLine" in entry)) return undefined;
  return { line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}

/** The source map written inline at the end of `code`, if any. */
function inlineSourceMap(code: string): SourceMap | undefined {
  const data = INLINE_MAP.exec(code)?.[1];
  if (!data) return undefined;
  try {
    return new SourceMap(JSON.parse(Buffer.from(data, "base64").toString("utf8")) as SourceMapPayload);
  } catch {
    return undefined;
  }
}

/**
 * The width of what the runner writes before the compiled code on line 1, measured on a probe: the
 * column a frame reports for the probe's `new`, less the column of `new` in the probe's compiled code.
 */
export function wrapperWidthOf(frame: Position | undefined, compiledProbe: string): number {
  const at = compiledProbe.split("\n")[0]?.indexOf("new ") ?? -1;
  if (!frame || frame.line !== 1 || at < 0) return 0;
  return Math.max(0, frame.column - (at + 1));
}

/** The first stack frame inside `file` (an absolute path), as a position. */
export function frameIn(error: unknown, file: string): Position | undefined {
  const stack = error instanceof Error ? error.stack ?? "" : "";
  for (const line of stack.split("\n")) {
    const at = line.indexOf(file);
    const match = at >= 0 ? /^:(\d+):(\d+)/.exec(line.slice(at + file.length)) : null;
    if (match) return { line: Number(match[1]), column: Number(match[2]) };
  }
  return undefined;
}

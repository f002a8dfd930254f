/**
 * Finding where something is written in tools.ts's text, to locate a diagnostic there. Pure.
 */
import type { Position } from "../format/ir.js";

/** Where the `nth` (1-based) match of `pattern` starts, at or after `from`; undefined when there is none. */
export function positionOf(source: string, pattern: RegExp, nth: number, from: Position = { line: 1, column: 1 }): Position | undefined {
  const lines = source.split("\n");
  let seen = 0;
  for (let i = from.line - 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === undefined) continue; // i < 0, for a `from` above line 1
    const start = i === from.line - 1 ? from.column - 1 : 0;
    const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : pattern.flags + "g");
    global.lastIndex = start;
    for (let match = global.exec(line); match; match = global.exec(line)) {
      if (++seen === nth) return { line: i + 1, column: match.index + 1 };
      if (match[0] === "") global.lastIndex++;
    }
  }
  return undefined;
}

/** `text` as a pattern that matches it literally. */
export function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

/** Where `export default` is written, or the top of the file. */
export function exportPosition(source: string): Position {
  return positionOf(source, /export\s+default\b/, 1) ?? { line: 1, column: 1 };
}

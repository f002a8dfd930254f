/**
 * Positions in the file, for the rules' messages. The index the rules read is the compiled one
 * (compile/skill-index.ts, `indexOf`). Pure.
 */
/** Is position `a` before position `b` in the file? */
export function isBefore(a: { line: number; column: number }, b: { line: number; column: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

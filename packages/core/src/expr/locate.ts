/**
 * Where an offset inside an expression is in SKILL.md. Pure.
 * The expression's position is where its source starts; a multi-line source (a folded YAML scalar)
 * continues on the following lines, so the column is then counted from the line start.
 */
import type { Expr, Position } from "../format/ir.js";
import { inFileOf } from "../format/in-file-of.js";

export function locateInExpr(expr: Expr, offset: number): Position {
  const before = expr.source.slice(0, Math.max(0, offset));
  const lastBreak = before.lastIndexOf("\n");
  if (lastBreak < 0) return inFileOf(expr.pos, { line: expr.pos.line, column: expr.pos.column + before.length });
  const lines = before.split("\n").length - 1;
  return inFileOf(expr.pos, { line: expr.pos.line + lines, column: before.length - lastBreak });
}

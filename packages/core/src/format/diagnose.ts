/**
 * Building diagnostics for the parser: the severity comes from the rule catalog, so a rule's
 * severity is decided in one place. Pure.
 */
import { ruleInfo, type RuleId } from "../rule-catalog.js";
import type { Diagnostic } from "../diagnostics.js";
import type { Position } from "./ir.js";
import { shortenNames } from "../text/shorten-names.js";

/** A sink the parser reports into: rule, place, what is wrong, what to change. */
export type ParseReport = (ruleId: RuleId, pos: Position, reason: string, fix: string) => void;

/**
 * A located diagnostic for `file` — or for the part file `pos` was written in (`pos.file`) — with the
 * rule's catalog severity.
 */
export function makeDiagnostic(file: string, ruleId: RuleId, pos: Position, reason: string, fix: string): Diagnostic {
  const diagnostic: Diagnostic = {
    file: pos.file ?? file,
    line: pos.line,
    column: pos.column,
    ruleId,
    severity: ruleInfo(ruleId).severity,
    reason: shortenNames(reason),
    fix: shortenNames(fix),
  };
  if (pos.endLine !== undefined) diagnostic.endLine = pos.endLine;
  if (pos.endColumn !== undefined) diagnostic.endColumn = pos.endColumn;
  return diagnostic;
}

/** A report that appends to `list`, for `file`. */
export function reportInto(list: Diagnostic[], file: string): ParseReport {
  return (ruleId, pos, reason, fix) => list.push(makeDiagnostic(file, ruleId, pos, reason, fix));
}

/** Line and column (1-based) of a character offset in `text`. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === "\n") [line, lineStart] = [line + 1, i + 1];
  }
  return { line, column: offset - lineStart + 1 };
}

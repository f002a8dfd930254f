/**
 * A Skillflow diagnostic as an LSP diagnostic: 0-based range, severity, the rule id as `code`, and the
 * message `flow check` prints (reason, then fix), so the editor says exactly what the terminal says.
 * The reason and the fix travel apart in `data` for the quick fixes. Pure.
 */
import type { Diagnostic } from "@skillflow/core";
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from "vscode-languageserver/node";

export const SOURCE = "skillflow";

export interface DiagnosticData {
  reason: string;
  fix?: string;
}

/** `text` is the file's text when it is known (to end a range at the end of the word it starts on). */
export function toLspDiagnostic(d: Diagnostic, text?: string): LspDiagnostic {
  return {
    range: rangeOf(d, text),
    severity: d.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.ruleId,
    source: SOURCE,
    message: d.fix ? `${d.reason} ${d.fix}` : d.reason,
    data: { reason: d.reason, ...(d.fix !== undefined && { fix: d.fix }) } satisfies DiagnosticData,
  };
}

function rangeOf(d: Diagnostic, text: string | undefined): Range {
  const start = { line: d.line - 1, character: d.column - 1 };
  if (d.endLine !== undefined && d.endColumn !== undefined && (d.endLine > d.line || d.endColumn > d.column)) {
    return { start, end: { line: d.endLine - 1, character: d.endColumn - 1 } };
  }
  const line = text?.split("\n")[d.line - 1]?.replace(/\r$/, "") ?? "";
  const word = /^[\w.-]+/.exec(line.slice(start.character))?.[0].length ?? 0;
  const width = word > 0 ? word : Math.min(1, Math.max(0, line.length - start.character));
  return { start, end: { line: start.line, character: start.character + width } };
}

/**
 * A diagnostic is data: where, which rule, how bad, what is wrong, what to change.
 * Checks return lists into a sink; only the caller decides to stop.
 */
import type { RuleId } from "./rule-catalog.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** One of the closed catalog (rule-catalog.ts). */
  ruleId: RuleId;
  severity: Severity;
  /** One sentence: what is wrong. */
  reason: string;
  /** One sentence: what to change. */
  fix?: string;
}

export type Report = (diagnostic: Diagnostic) => void;

/** Diagnostics sorted by file, line, column, then rule id: the order every reporter prints. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId),
  );
}

export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === "error");
}

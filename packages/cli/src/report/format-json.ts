/**
 * The machine report of `flow check --format json`. Pure. Shape (stable, versioned):
 * `{ version: 1, skills: string[], diagnostics: Diagnostic[], summary: { skills, errors, warnings } }`.
 */
import type { Diagnostic } from "@skillflow/core";

export function formatJson(diagnostics: readonly Diagnostic[], skills: readonly string[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const report = {
    version: 1,
    skills,
    diagnostics,
    summary: { skills: skills.length, errors, warnings: diagnostics.length - errors },
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/**
 * The `flow prove` report: a header per proof file, one line per check (✓, or ✗ with what was expected
 * and what was seen, and where the turn is written), then exactly `N passed, N failed`. Color only
 * when asked (a terminal). Pure.
 */
import { styleText } from "node:util";
import type { ProveSummary } from "./prove-files.js";
import type { ProveCheck } from "./run-proof.js";

type Style = Parameters<typeof styleText>[0];

export function formatProofReport(summary: ProveSummary, color = false): string {
  const paint = (style: Style, text: string) => (color ? styleText(style, text) : text);
  const lines: string[] = [];
  for (const run of summary.runs) {
    lines.push(paint("bold", run.title ? `${run.file} — ${run.title}` : run.file));
    for (const check of run.checks) lines.push(`  ${formatCheck(check, run.file, paint)}`);
  }
  lines.push(`${summary.passed} passed, ${summary.failed} failed`);
  return `${lines.join("\n")}\n`;
}

function formatCheck(check: ProveCheck, file: string, paint: (style: Style, text: string) => string): string {
  const where = check.turn === 0 ? check.label : `turn ${check.turn} (${check.label})`;
  if (check.ok) return `${paint("green", "✓")} ${where} ${check.key}: ${check.expected}`;
  return `${paint("red", "✗")} ${where} ${check.key}: expected ${check.expected}, saw ${check.seen} — ${paint("cyan", `${file}:${check.line}`)}`;
}

/** The machine-readable report (`--json`). Pure. */
export function proofReportJson(summary: ProveSummary): string {
  const files = summary.runs.map((run) => ({ file: run.file, title: run.title, checks: run.checks }));
  return `${JSON.stringify({ files, passed: summary.passed, failed: summary.failed }, null, 2)}\n`;
}

/**
 * The `flow prove` report: a header per proof file, one line per check (✓, or ✗ with what was expected
 * and what was seen, and where the turn is written), then exactly `N passed, N failed`. A replayed
 * cassette's run has its own header; a run against a real model ends with its cassette and field tally
 * (`format-recording.ts`). A long name in a line (a 100 KB field or tool name in an expectation, a
 * path) is cut as in every message (`shortenNames`). Color only when asked (a terminal). Pure.
 */
import { styleText } from "node:util";
import { shortenNames } from "@skillflow/core/text";
import { formatRecording } from "./format-recording.js";
import type { ProveSummary } from "./prove-files.js";
import type { ProveCheck } from "./run-proof.js";

type Style = Parameters<typeof styleText>[0];

export function formatProofReport(summary: ProveSummary, color = false): string {
  const paint = (style: Style, text: string) => (color ? styleText(style, text) : text);
  const lines: string[] = [];
  for (const run of summary.runs) {
    const header = run.title ? `${run.file} — ${run.title}` : run.file;
    lines.push(paint("bold", shortenNames(run.replayed ? `${header} (replayed from ${run.replayed.cassette}, ${run.replayed.model})` : header)));
    for (const check of run.checks) lines.push(`  ${formatCheck(check, run.file, paint)}`);
    if (run.recorded) lines.push(...formatRecording(run.recorded).map((line) => `  ${line}`));
  }
  lines.push(`${summary.passed} passed, ${summary.failed} failed`);
  return `${lines.join("\n")}\n`;
}

function formatCheck(check: ProveCheck, file: string, paint: (style: Style, text: string) => string): string {
  const where = shortenNames(check.turn === 0 ? check.label : `turn ${check.turn} (${check.label})`);
  if (check.ok) return `${paint("green", "✓")} ${where} ${shortenNames(`${check.key}: ${check.expected}`)}`;
  return `${paint("red", "✗")} ${where} ${shortenNames(`${check.key}: expected ${check.expected}, saw ${check.seen}`)} — ${paint("cyan", shortenNames(`${file}:${check.line}`))}`;
}

/**
 * The machine-readable report (`--json`). With `stopped` (some proofs could not run), the same object
 * also carries the command's error fields, `version`, `exitCode` and `errors`, so stdout is one JSON
 * value. Pure.
 */
export function proofReportJson(summary: ProveSummary, stopped?: { exitCode: number; errors: readonly object[] }): string {
  const files = summary.runs.map((run) => ({ file: run.file, title: run.title, replayed: run.replayed, recorded: run.recorded, checks: run.checks }));
  const head = stopped ? { version: 1, exitCode: stopped.exitCode, errors: stopped.errors } : {};
  return `${JSON.stringify({ ...head, files, passed: summary.passed, failed: summary.failed }, null, 2)}\n`;
}

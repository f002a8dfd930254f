/**
 * The text report of `flow check`, like tsc and vfile-reporter: one grep-able line per diagnostic
 * (`skills/x/SKILL.md:41:3 error ungated-write: <reason> <fix>`), then a summary line. Pure.
 */
import { styleText } from "node:util";
import type { Diagnostic } from "@skillflow/core";

type Style = Parameters<typeof styleText>[0];

/** Diagnostics (already sorted, paths already relative) and the number of skills checked → text. */
export function formatText(diagnostics: readonly Diagnostic[], skills: number, color: boolean): string {
  // The caller decides about color (it knows the real stream), so styleText must not check process.stdout.
  const paint = (style: Style, text: string) => (color ? styleText(style, text, { validateStream: false }) : text);
  const lines = diagnostics.map((d) => {
    const where = `${paint("cyan", d.file)}:${paint("yellow", String(d.line))}:${paint("yellow", String(d.column))}`;
    const severity = paint(d.severity === "error" ? "red" : "yellow", d.severity);
    const text = d.fix ? `${d.reason} ${d.fix}` : d.reason;
    return `${where} ${severity} ${paint("gray", `${d.ruleId}:`)} ${text}`;
  });
  const summary = summaryLine(diagnostics, skills);
  return lines.length > 0 ? `${lines.join("\n")}\n\n${summary}\n` : `${summary}\n`;
}

/** "2 errors, 1 warning in 3 skills", or "3 skills checked: no problems". */
export function summaryLine(diagnostics: readonly Diagnostic[], skills: number): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const skillWord = plural(skills, "skill");
  if (errors + warnings === 0) return `${skillWord} checked: no problems`;
  const counts = [errors > 0 && plural(errors, "error"), warnings > 0 && plural(warnings, "warning")].filter(Boolean);
  return `${counts.join(", ")} in ${skillWord}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

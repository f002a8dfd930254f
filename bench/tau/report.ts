/**
 * The offline report: a line per task (pass, or the first difference and why), the total, and each
 * arm's model calls and input tokens side by side with their ratio. Pure: it returns lines.
 */
import type { TaskResult } from "./run-task.js";

export interface ReactFigures {
  calls: number;
  tokens: number;
}

const n = (x: number) => x.toLocaleString("en-US");
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : "–");

export function reportLines(results: TaskResult[], react: Map<string, ReactFigures>): string[] {
  const lines = [
    `${"task".padEnd(6)}${"verdict".padEnd(9)}${"by".padEnd(8)}${"Skillflow".padStart(16)}${"ReAct".padStart(16)}${"tokens".padStart(9)}  why`,
    `${"".padEnd(23)}${"calls  tokens".padStart(16)}${"calls  tokens".padStart(16)}${"ratio".padStart(9)}`,
  ];
  for (const r of results) {
    const b = react.get(r.id);
    const why = [...(r.difference && !r.pass ? [r.difference] : []), ...r.notes].join("; ");
    lines.push(`${r.id.padEnd(6)}${(r.pass ? "pass" : "FAIL").padEnd(9)}${r.by.padEnd(8)}` +
      `${String(r.calls).padStart(7)}${n(r.tokens).padStart(9)}${String(b?.calls ?? "–").padStart(7)}${(b ? n(b.tokens) : "–").padStart(9)}` +
      `${(b && r.tokens ? ratio(b.tokens, r.tokens) : "–").padStart(9)}  ${why}`);
  }
  return [...lines, "", ...totals(results, react)];
}

function totals(results: TaskResult[], react: Map<string, ReactFigures>): string[] {
  const passed = results.filter((r) => r.pass);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const flow = { calls: sum(passed.map((r) => r.calls)), tokens: sum(passed.map((r) => r.tokens)) };
  const base = passed.map((r) => react.get(r.id)).filter((b): b is ReactFigures => Boolean(b));
  const baseline = { calls: sum(base.map((b) => b.calls)), tokens: sum(base.map((b) => b.tokens)) };
  const lines = [`passed: ${passed.length} of ${results.length} tasks (${passed.filter((r) => r.by === "hand").length} by a conversation written by hand)`];
  lines.push(`Skillflow, over the passed tasks: ${flow.calls} model calls, ${n(flow.tokens)} input tokens, ${n(median(passed.flatMap((r) => r.perCall)))} a call (median)`);
  if (base.length === passed.length && passed.length > 0) {
    lines.push(`ReAct agent, same tasks:        ${baseline.calls} model calls, ${n(baseline.tokens)} input tokens`);
    lines.push(`ratio: ${ratio(baseline.tokens, flow.tokens)} fewer input tokens, ${ratio(baseline.calls, flow.calls)} fewer model calls`);
  }
  const causes = new Map<string, string[]>();
  for (const r of results.filter((x) => !x.pass)) {
    const cause = r.notes[0] ?? r.difference ?? "unknown";
    causes.set(cause, [...(causes.get(cause) ?? []), r.id]);
  }
  if (causes.size) lines.push("", "not passed, by first cause:");
  for (const [cause, ids] of [...causes].sort((a, b) => b[1].length - a[1].length)) lines.push(`  ${String(ids.length).padStart(3)}  ${cause}: ${ids.join(" ")}`);
  return lines;
}

/** The middle value of a list (the mean of the two middle ones for an even count); 0 for none. Pure. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

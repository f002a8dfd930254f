/**
 * Line diffs of two texts: the operations turning one into the other (`diffLines`), grouped into hunks
 * with context (`diffHunks`, what the Studio shows between two versions), and a short unified-style
 * text (`formatDiff`, what `flow procedure --check` prints). Pure.
 */

/** One line of a diff: kept (` `), removed (`-`) or added (`+`); `a` and `b` are 0-based line numbers in each text. */
export type DiffOp = { kind: " " | "-" | "+"; line: string; a: number; b: number };
type Op = DiffOp;

/** One hunk: its first line in each text (1-based), how many lines it spans in each, and its lines. */
export interface DiffHunk {
  fromLine: number;
  fromCount: number;
  toLine: number;
  toCount: number;
  ops: DiffOp[];
}

/** Line operations turning `a` into `b` (longest common subsequence on the part that differs). */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) [endA, endB] = [endA - 1, endB - 1];
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const ops: Op[] = a.slice(0, start).map((line, i) => ({ kind: " ", line, a: i, b: i }));
  ops.push(...middle(midA, midB, start));
  for (let i = 0; i < a.length - endA; i++) ops.push({ kind: " ", line: a[endA + i]!, a: endA + i, b: endB + i });
  return ops;
}

function middle(a: readonly string[], b: readonly string[], at: number): Op[] {
  if (a.length * b.length > 4_000_000) {
    return [...a.map((line, i): Op => ({ kind: "-", line, a: at + i, b: at })), ...b.map((line, j): Op => ({ kind: "+", line, a: at + a.length, b: at + j }))];
  }
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const ops: Op[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ kind: " ", line: a[i]!, a: at + i++, b: at + j++ });
    else if (i < a.length && (j === b.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) ops.push({ kind: "-", line: a[i]!, a: at + i++, b: at + j });
    else ops.push({ kind: "+", line: b[j]!, a: at + i, b: at + j++ });
  }
  return ops;
}

/** The hunks turning text `a` into text `b`, with `context` unchanged lines around each change. */
export function diffHunks(a: string, b: string, context = 2): DiffHunk[] {
  if (a === b) return [];
  const ops = diffLines(a.split("\n"), b.split("\n"));
  return hunks(ops, context).map(([from, to]) => {
    const part = ops.slice(from, to + 1);
    return {
      fromLine: ops[from]!.a + 1, fromCount: part.filter((o) => o.kind !== "+").length,
      toLine: ops[from]!.b + 1, toCount: part.filter((o) => o.kind !== "-").length,
      ops: part,
    };
  });
}

/** Hunks as [first op, last op] index ranges, with `context` unchanged lines around each change. */
function hunks(ops: readonly Op[], context: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  ops.forEach((op, k) => {
    if (op.kind === " ") return;
    const [from, to] = [Math.max(0, k - context), Math.min(ops.length - 1, k + context)];
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  });
  return out;
}

/**
 * The diff from `expected` (labelled `fromLabel`) to `actual` (`toLabel`), at most `maxLines` lines of
 * hunks; empty when the texts are equal.
 */
export function formatDiff(expected: string, actual: string, fromLabel: string, toLabel: string, maxLines = 40): string {
  if (expected === actual) return "";
  const out = [`--- ${fromLabel}`, `+++ ${toLabel}`];
  let shown = 0;
  for (const hunk of diffHunks(expected, actual, 2)) {
    out.push(`@@ -${hunk.fromLine},${hunk.fromCount} +${hunk.toLine},${hunk.toCount} @@`);
    for (const op of hunk.ops) {
      if (shown++ >= maxLines) {
        out.push(`… (diff cut after ${maxLines} lines)`);
        return `${out.join("\n")}\n`;
      }
      out.push(`${op.kind}${op.line}`);
    }
  }
  return `${out.join("\n")}\n`;
}

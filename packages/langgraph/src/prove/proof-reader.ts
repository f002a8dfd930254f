/**
 * Reading a parsed proof document with positions: the plain value at a path, and a located
 * `ProofError` for a value (or its key) that is wrong. Pure.
 */
import { isMap, type Document, type LineCounter, type Node } from "yaml";
import { didYouMean } from "@skillflow/core";
import { ProofError } from "./proof-types.js";

export type YamlPath = Array<string | number>;

export class ProofReader {
  constructor(
    readonly file: string,
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  /** A located error at the value of `path` (or at its key, when `atKey`). */
  error(path: YamlPath, reason: string, atKey = false): ProofError {
    const node = atKey ? this.keyNode(path) : (this.doc.getIn(path, true) as Node | undefined);
    const offset = node?.range?.[0] ?? this.parentOffset(path);
    const { line, col } = this.lines.linePos(offset);
    return new ProofError(this.file, line, col, reason);
  }

  /** The 1-based line and column of the key at `path`. */
  keyAt(path: YamlPath): { line: number; column: number } {
    const { line, col } = this.lines.linePos(this.keyNode(path)?.range?.[0] ?? this.parentOffset(path));
    return { line, column: col };
  }

  /** The 1-based line and column where the value at `path` starts. */
  valueAt(path: YamlPath): { line: number; column: number } {
    const node = this.doc.getIn(path, true) as Node | undefined;
    const { line, col } = this.lines.linePos(node?.range?.[0] ?? this.parentOffset(path));
    return { line, column: col };
  }

  /** The 1-based line where the value at `path` starts. */
  line(path: YamlPath): number {
    const node = this.doc.getIn(path, true) as Node | undefined;
    return this.lines.linePos(node?.range?.[0] ?? 0).line;
  }

  /** Throw for the first key of `value` not in `allowed`, with "did you mean". */
  checkKeys(path: YamlPath, value: Record<string, unknown>, allowed: readonly string[], what: string): void {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) {
        throw this.error([...path, key], `Unknown ${what} key \`${key}\`. ${didYouMean(key, allowed, `${what} keys`)}`, true);
      }
    }
  }

  private keyNode(path: YamlPath): Node | undefined {
    const parent = this.doc.getIn(path.slice(0, -1), true);
    if (!isMap(parent)) return undefined;
    const pair = parent.items.find((p) => (p.key as { value?: unknown } | null)?.value === path[path.length - 1]);
    return (pair?.key as Node | undefined) ?? undefined;
  }

  private parentOffset(path: YamlPath): number {
    for (let n = path.length - 1; n >= 0; n--) {
      const node = this.doc.getIn(path.slice(0, n), true) as Node | undefined;
      if (node?.range) return node.range[0];
    }
    return 0;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Parse one YAML block of SKILL.md with positions kept, and give the block parsers a context that
 * turns YAML offsets into file lines and columns (file line = fence line + line within the block).
 * Lines are counted from the text itself: yaml's LineCounter misses line breaks inside tokens it
 * cannot parse, which would shift every error after the first. Pure.
 */
import { parseDocument, type Document, type ErrorCode } from "yaml";
import type { RuleId } from "../rule-catalog.js";
import type { ParseReport } from "./diagnose.js";
import type { SourceBlock } from "./find-blocks.js";
import type { Position } from "./ir.js";

/** What the Fields and Steps parsers need: the report sink and position mapping for one block. */
export interface BlockContext {
  report: ParseReport;
  /** The block's YAML text (to find text inside a scalar as it was written). */
  text: string;
  /** File position of a character offset in the block. */
  at(offset: number): Position;
  /** File position of a YAML node: where it starts and ends. */
  pos(node: unknown): Position;
  /** Say that something written in the block (a field, a step) could not be read and is left out. */
  lost(): void;
  /** Whether everything written in the block is in what was read (nothing was `lost()`). */
  complete(): boolean;
}

/** A parsed block: the document (undefined when the YAML is broken) and its context. */
export interface ParsedBlock {
  doc?: Document.Parsed;
  ctx: BlockContext;
}

/**
 * Parse `block` as one YAML document. Syntax errors are reported under `ruleId`, one per line,
 * and leave `doc` undefined so no half-read structure reaches the IR.
 */
export function parseYamlBlock(block: SourceBlock, label: string, ruleId: RuleId, report: ParseReport): ParsedBlock {
  const doc = parseDocument(block.text, { uniqueKeys: false, prettyErrors: false });
  const ctx = blockContext(block, report);
  if (doc.errors.length === 0) return { doc, ctx };
  const lines = new Set<number>();
  for (const error of doc.errors) {
    const deeper = IMPLICIT_KEY.has(error.code) ? deeperLine(block.text, error.pos[0]) : undefined;
    const pos = ctx.at(deeper ? deeper.offset : errorOffset(block.text, error.pos[0], error.message));
    if (lines.has(pos.line)) continue;
    lines.add(pos.line);
    if (deeper) {
      const keyAt = ctx.at(deeper.keyOffset);
      report(ruleId, pos, `The ${label} is not valid YAML: \`${deeper.name}:\` is indented deeper than \`${deeper.key}:\` on line ${keyAt.line}, so it reads as part of that key's value.`,
        `Start \`${deeper.name}:\` at column ${keyAt.column}, like \`${deeper.key}:\`, or move it under a key that ends with \`:\` and nothing after it.`);
      continue;
    }
    const message = error.message.split("\n")[0]!.replace(/[.:]\s*$/, ""); // split returns at least one piece
    const key = message.startsWith(COMPACT) ? keyOfLine(block.text, error.pos[0]) : undefined;
    if (key !== undefined) {
      report(ruleId, pos, `The ${label} is not valid YAML: the value of \`${key}:\` holds \`: \`, which YAML reads as a second key on the same line.`,
        `Quote the value of \`${key}:\` (\`${key}: "…"\`), or put the second key on a line of its own.`);
      continue;
    }
    report(ruleId, pos, `The ${label} is not valid YAML: ${message}.`, yamlFix(error.code, message));
  }
  ctx.lost();
  return { ctx };
}

function blockContext(block: SourceBlock, report: ParseReport): BlockContext {
  const starts = lineStarts(block.text);
  const at = (offset: number): Position => {
    const clamped = Math.max(0, Math.min(offset, block.text.length));
    const index = lineIndex(starts, clamped);
    return { line: block.line + index, column: clamped - starts[index]! + 1 + (block.shifts[index] ?? 0) }; // lineIndex is in range
  };
  const pos = (node: unknown): Position => {
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (!range) return { ...block.pos };
    const start = at(range[0]);
    const end = at(range[1]);
    return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };
  let lost = false;
  return { report, text: block.text, at, pos, lost: () => void (lost = true), complete: () => !lost };
}

/** Offsets where each line of `text` starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Index of the line containing `offset` (binary search over the line starts). */
function lineIndex(starts: number[], offset: number): number {
  let [low, high] = [0, starts.length - 1];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid; // 0 < mid <= high < starts.length
    else high = mid - 1;
  }
  return low;
}

/**
 * Where to point for an error: an unclosed quote at its opening quote (yaml reports where the text
 * ends), any other error past the indentation it is often reported at.
 */
function errorOffset(text: string, offset: number, message: string): number {
  const quote = /Missing closing (["'])quote/.exec(message)?.[1];
  const open = quote ? text.lastIndexOf(quote, offset - 1) : -1;
  if (open >= 0) return open;
  while (text[offset] === " ") offset++;
  return offset;
}

/** yaml's codes for a `key: value` that goes on past its line — often a line below it indented too deep. */
const IMPLICIT_KEY = new Set<ErrorCode>(["BLOCK_AS_IMPLICIT_KEY", "MULTILINE_IMPLICIT_KEY"]);

/**
 * The line below the `key: value` holding `offset` that is indented deeper than that key and starts
 * another `name:` — what yaml calls a nested mapping in a compact one — with both names and where they
 * start; undefined when there is none (then yaml's own sentence fits). Pure.
 */
function deeperLine(text: string, offset: number): { offset: number; name: string; keyOffset: number; key: string } | undefined {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const line = text.slice(lineStart, text.indexOf("\n", lineStart) < 0 ? text.length : text.indexOf("\n", lineStart));
  const key = /^((?:\s*-\s+)*\s*)([\w-]+):\s+\S/.exec(line);
  if (!key) return undefined;
  const keyColumn = key[1]!.length;
  for (let at = text.indexOf("\n", lineStart); at >= 0 && at < text.length; at = text.indexOf("\n", at + 1)) {
    const next = /^( *)(\S.*)?$/.exec(text.slice(at + 1, text.indexOf("\n", at + 1) < 0 ? text.length : text.indexOf("\n", at + 1)))!;
    if (next[2] === undefined || next[2].startsWith("#")) continue;
    const name = /^([\w-]+):(\s|$)/.exec(next[2]);
    if (next[1]!.length <= keyColumn || !name) return undefined;
    return { offset: at + 1 + next[1]!.length, name: name[1]!, keyOffset: lineStart + keyColumn, key: key[2]! };
  }
  return undefined;
}

const fixes: Partial<Record<ErrorCode, string>> = {
  TAB_AS_INDENT: "Indent with spaces, not tabs.",
  BAD_INDENT: "Indent this line like the other keys at its level.",
  MULTIPLE_DOCS: "Remove the `---` line: a block holds one YAML document.",
  MISSING_CHAR: "Close the quote or bracket that is left open.",
  BAD_DQ_ESCAPE: "Fix the backslash escape, or use single quotes for the text.",
  MULTILINE_IMPLICIT_KEY: "Put `key: value` on one line, and quote text that contains `: ` or `#`.",
  BLOCK_AS_IMPLICIT_KEY: "Put `key: value` on one line, and quote text that contains `: ` or `#`.",
  BAD_ALIAS: "Remove the `*` alias; write the value out.",
};

/** yaml's words for `key: a: b` (a second key on the line of a value), said in a SKILL.md's terms instead. */
const COMPACT = "Nested mappings are not allowed in compact mappings";

/** The key starting the line that holds `offset` (`description` in `description: Book a trip: …`). Pure. */
function keyOfLine(text: string, offset: number): string | undefined {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^(?:\s*-\s+)*\s*([\w-]+):\s/.exec(text.slice(start, offset + 1))?.[1];
}

function yamlFix(code: ErrorCode, message: string): string {
  if (/^Flow (sequence|map)/.test(message)) return "Close the `[` or `{` that is left open, or quote the value if the bracket is part of the text.";
  return fixes[code] ?? "Fix the YAML here: check the indentation, the `: ` after each key, and quote text that contains `: `, `#` or `{`.";
}

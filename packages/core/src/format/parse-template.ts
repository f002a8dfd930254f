/**
 * Templates: text with `{expression}` holes. `{{` and `}}` are literal braces. A hole ends at the
 * `}` that balances its `{`, ignoring braces inside quoted strings, so CEL map literals work. Pure.
 */
import { scalarText, textPos } from "./yaml-node.js";
import type { BlockContext } from "./yaml-block.js";
import type { Expr, Template } from "./ir.js";

/** A hole found in template text: the expression as written and where it starts (after the `{`). */
export interface Hole {
  source: string;
  start: number;
}

export interface SplitTemplate {
  parts: Array<string | Hole>;
  /** Index of a `{` that is never closed, or of an empty `{}`. */
  problems: Array<{ index: number; kind: "unclosed" | "empty" }>;
}

/** Split template text into literal text and holes. */
export function splitTemplate(text: string): SplitTemplate {
  const parts: Array<string | Hole> = [];
  const problems: SplitTemplate["problems"] = [];
  let literal = "";
  let i = 0;
  while (i < text.length) {
    const pair = text.slice(i, i + 2);
    if (pair === "{{" || pair === "}}") [literal, i] = [literal + pair[0], i + 2];
    else if (text[i] !== "{") [literal, i] = [literal + text[i], i + 1];
    else {
      const end = holeEnd(text, i + 1);
      if (end < 0) {
        problems.push({ index: i, kind: "unclosed" });
        return { parts: pushLiteral(parts, literal + text.slice(i)), problems };
      }
      const source = text.slice(i + 1, end);
      if (source.trim() === "") problems.push({ index: i, kind: "empty" });
      else parts.push(...(literal ? [literal] : []), { source, start: i + 1 });
      [literal, i] = [source.trim() === "" ? literal : "", end + 1];
    }
  }
  return { parts: pushLiteral(parts, literal), problems };
}

function pushLiteral(parts: Array<string | Hole>, literal: string): Array<string | Hole> {
  if (literal) parts.push(literal);
  return parts;
}

/** Index of the `}` closing a hole whose text starts at `from`, or -1. */
function holeEnd(text: string, from: number): number {
  let depth = 1;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}

/**
 * A Template from a YAML scalar, each hole located in the file. Holes are found in the scalar's source
 * as written; when escapes make the written text differ, a hole points at the start of the text.
 */
export function templateOf(node: unknown, ctx: BlockContext): Template {
  const source = scalarText(node) ?? "";
  const pos = textPos(node, ctx);
  const range = (node as { range?: [number, number, number] }).range;
  const raw = range ? ctx.text.slice(range[0], range[1]) : "";
  let cursor = 0;
  const locate = (hole: Hole): Expr => {
    const trimmed = hole.source.trim();
    const found = range ? raw.indexOf(`{${hole.source}}`, cursor) : -1;
    if (found < 0) return { source: trimmed, pos };
    cursor = found + hole.source.length + 2;
    const offset = range![0] + found + 1 + (hole.source.length - hole.source.trimStart().length);
    const start = ctx.at(offset);
    const end = ctx.at(offset + trimmed.length);
    return { source: trimmed, pos: { ...start, endLine: end.line, endColumn: end.column } };
  };
  const split = splitTemplate(source);
  for (const problem of split.problems) {
    const index = range ? rawIndex(raw, source, problem.index) : -1;
    reportHoleProblem(problem.kind, index >= 0 ? ctx.at(range![0] + index) : pos, ctx);
  }
  return { source, pos, parts: split.parts.map((part) => (typeof part === "string" ? part : locate(part))) };
}

/** Where character `index` of the scalar's value is in its written form, when the two agree. */
function rawIndex(raw: string, source: string, index: number): number {
  for (const inset of [0, 1]) if (raw.slice(inset, inset + source.length) === source) return inset + index;
  return -1;
}

function reportHoleProblem(kind: "unclosed" | "empty", at: Template["pos"], ctx: BlockContext): void {
  if (kind === "empty") {
    ctx.report("expression-syntax", at, "This text has an empty `{}` hole.", "Put a field or tool output inside the braces, or write `{{}}` for literal braces.");
  } else {
    ctx.report("expression-syntax", at, "A `{` in this text opens a hole that is never closed.", "Close the hole with `}`, or write `{{` for a literal brace.");
  }
}

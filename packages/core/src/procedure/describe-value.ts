/**
 * Plain words for a value a condition names: a field's description, or the zod `.describe()` text of a
 * tool output (also inside lists, and for the loop variable of a `repeat`). Pure; a bounded parse cache keyed by
 * source text is its only state.
 */
import { parse, type ASTNode } from "@marcbachmann/cel-js";
import type { Expr, Skill } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import type { Block } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

export interface WordsContext {
  skill: Skill;
  /** Loop variables in scope: name → the `in:` list they walk. */
  loops: ReadonlyMap<string, Expr>;
}

/** The words context of a step: the loop variables of the `repeat`s around it. */
export function contextAt(skill: Skill, ancestors: readonly Block[]): WordsContext {
  const loops = new Map(ancestors.flatMap((b) => (b.kind === "repeat" ? [[b.item, b.list] as const] : [])));
  return { skill, loops };
}

/** A description as running text: no final period, lower-case start unless it is an acronym. Pure. */
export function asPhrase(text: string): string {
  const t = text.trim().replace(/\.$/, "");
  return /^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t;
}

/** `a.b.c` as root and path, or undefined when the expression is not a plain reference. */
export function refChain(source: string): { root: string; path: string[] } | undefined {
  const m = /^\s*([A-Za-z_]\w*)((?:\s*\.\s*[A-Za-z_]\w*)*)\s*$/.exec(source);
  if (!m) return undefined;
  const path = m[2]!.split(".").map((s) => s.trim()).filter(Boolean);
  return { root: m[1]!, path };
}

function walk(type: ValueType | undefined, path: readonly string[]): { type?: ValueType | undefined; words?: string | undefined } {
  let words: string | undefined;
  for (const key of path) {
    if (type?.t !== "object") return {};
    words = ownValue(type.descriptions, key);
    type = ownValue(type.fields, key);
  }
  return { type, words };
}

function rootType(ctx: WordsContext, root: string, seen: Set<string>): ValueType | undefined {
  const tool = ownValue(ctx.skill.tools, root);
  if (tool) return tool.output;
  const list = ctx.loops.get(root);
  if (!list || seen.has(root)) return undefined;
  const chain = refChain(list.source);
  if (!chain) return undefined;
  const listType = typeAt(ctx, chain.root, chain.path, new Set([...seen, root]));
  return listType?.t === "list" ? listType.of : undefined;
}

function typeAt(ctx: WordsContext, root: string, path: readonly string[], seen: Set<string>): ValueType | undefined {
  return walk(rootType(ctx, root, seen), path).type;
}

/** Plain words for `root.path...`, or undefined when nobody described it. Pure. */
export function valueWords(ctx: WordsContext, root: string, path: readonly string[]): string | undefined {
  const field = ownValue(ctx.skill.fields, root);
  if (path.length === 0) {
    const text = field && !ctx.loops.has(root) ? field.description : undefined;
    return text ? asPhrase(text) : undefined;
  }
  const text = walk(rootType(ctx, root, new Set()), path).words;
  return text ? asPhrase(text) : undefined;
}

const parsed = new Map<string, ASTNode | undefined>();

/** An expression's CEL syntax tree, or undefined when it does not parse. Cached by source text. */
export function parseExpr(source: string): ASTNode | undefined {
  if (parsed.has(source)) return parsed.get(source);
  let ast: ASTNode | undefined;
  try {
    ast = parse(source).ast;
  } catch {
    ast = undefined;
  }
  if (parsed.size >= 2000) parsed.clear();
  parsed.set(source, ast);
  return ast;
}

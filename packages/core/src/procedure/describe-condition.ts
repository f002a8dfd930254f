/**
 * A condition in plain words: `quote_trip.total > quote_trip.budget` reads "the trip total is above the
 * travel budget" when the tool output schema describes both values. Values nobody described stay in
 * backticks; an expression with no described value at all is shown as written. Pure.
 */
import { serialize, type ASTNode } from "@marcbachmann/cel-js";
import type { Expr } from "../format/ir.js";
import type { Inline } from "./model.js";
import { code, emptyPhrase, inline, joinList } from "./inline.js";
import { parseExpr, valueWords, type WordsContext } from "./describe-value.js";

interface Phrase { text: Inline; worded: boolean }

const COMPARE: Record<string, [string, string]> = {
  ">": ["is above", "is at most"], ">=": ["is at least", "is below"],
  "<": ["is below", "is at least"], "<=": ["is at most", "is above"],
  "==": ["is", "is not"], "!=": ["is not", "is"],
};

function chain(node: ASTNode): { root: string; path: string[] } | undefined {
  if (node.op === "id") return { root: node.args, path: [] };
  if (node.op !== ".") return undefined;
  const inner = chain(node.args[0]);
  return inner && { root: inner.root, path: [...inner.path, node.args[1]] };
}

function literal(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null) return "nothing";
  return String(value);
}

function sizeArg(node: ASTNode): ASTNode | undefined {
  if (node.op === "call" && node.args[0] === "size" && node.args[1].length === 1) return node.args[1][0];
  if (node.op === "rcall" && node.args[0] === "size" && node.args[2].length === 0) return node.args[1];
  return undefined;
}

/** Words for a value (operand of a comparison). */
function operand(node: ASTNode, ctx: WordsContext): Phrase {
  if (node.op === "value") return { text: [literal(node.args)], worded: false };
  const ref = chain(node);
  const words = ref && valueWords(ctx, ref.root, ref.path);
  if (words) return { text: [words], worded: true };
  const counted = sizeArg(node);
  const inner = counted && operand(counted, ctx);
  if (inner?.worded) return { text: inline("the number of ", inner.text), worded: true };
  if (node.op === "list") return { text: joinList(node.args.map((n) => operand(n, ctx).text), ", ", " or "), worded: false };
  return { text: [code(serialize(node))], worded: false };
}

function fallback(node: ASTNode, negated: boolean): Inline {
  return inline(code(serialize(node)), negated ? " is false" : "");
}

function isZero(node: ASTNode): boolean {
  return node.op === "value" && (node.args === 0n || node.args === 0);
}

function compare(node: ASTNode, ctx: WordsContext, negated: boolean): Inline {
  const [left, right] = node.args as [ASTNode, ASTNode];
  const counted = sizeArg(left);
  if (counted && isZero(right) && ["==", "!=", ">"].includes(node.op)) {
    const list = operand(counted, ctx);
    const empty = (node.op === "==") !== negated;
    if (list.worded) return inline(list.text, emptyPhrase(list.text, empty));
  }
  const a = operand(left, ctx);
  const b = operand(right, ctx);
  if (!a.worded && !b.worded) return fallback(node, negated);
  if (node.op === "in") {
    const verb = right.op === "list" ? "is one of" : "is in";
    return inline(a.text, negated ? ` ${verb.replace("is", "is not")} ` : ` ${verb} `, b.text);
  }
  const [yes, no] = COMPARE[node.op]!;
  return inline(a.text, ` ${negated ? no : yes} `, b.text);
}

function logic(node: ASTNode, ctx: WordsContext, negated: boolean): Inline {
  const [first, second] = node.args as [ASTNode, ASTNode];
  const isAnd = (node.op === "&&") !== negated;
  const part = (child: ASTNode): Inline => {
    let inner = child;
    let flip = negated;
    while (inner.op === "!_") [inner, flip] = [inner.args, !flip];
    const words = clause(child, ctx, negated);
    const childAnd = (inner.op === "&&") !== flip;
    const compound = inner.op === "&&" || inner.op === "||";
    return compound && childAnd !== isAnd ? inline("(", words, ")") : words;
  };
  return joinList([part(first), part(second)], "", isAnd ? " and " : " or ");
}

function clause(node: ASTNode, ctx: WordsContext, negated: boolean): Inline {
  if (node.op === "!_") return clause(node.args, ctx, !negated);
  if (node.op === "&&" || node.op === "||") return logic(node, ctx, negated);
  if (node.op === "in" || node.op in COMPARE) return compare(node, ctx, negated);
  if (node.op === "call" && node.args[0] === "has" && node.args[1].length === 1) {
    const v = operand(node.args[1][0]!, ctx);
    if (v.worded) return inline(v.text, negated ? " is not given" : " is given");
  }
  const v = operand(node, ctx);
  if (!v.worded) return fallback(node, negated);
  const statement = inline(v.text.map((p) => (typeof p === "string" ? p.replace(/^whether /, "") : p)));
  return negated ? inline("it is not true that ", statement) : statement;
}

/**
 * A condition in plain words; `negated` describes the condition being false. A condition that does
 * not parse is shown as written. Pure and deterministic.
 */
export function describeCondition(expr: Expr, ctx: WordsContext, negated = false): Inline {
  const ast = parseExpr(expr.source);
  if (!ast) return inline(code(expr.source.trim()), negated ? " is false" : "");
  if (!hasWords(ast, ctx)) return inline(code(expr.source.trim()), negated ? " is false" : "");
  return clause(ast, ctx, negated);
}

function hasWords(node: ASTNode, ctx: WordsContext): boolean {
  const ref = chain(node);
  if (ref) return valueWords(ctx, ref.root, ref.path) !== undefined;
  const args: unknown[] = Array.isArray(node.args) ? node.args.flat(2) : [node.args];
  return args.some((a) => typeof a === "object" && a !== null && "op" in a && hasWords(a as ASTNode, ctx));
}

/** Words for a list or value expression (`repeat`'s `in:`), or the expression in backticks. Pure. */
export function describeValue(expr: Expr, ctx: WordsContext): Inline {
  const ast = parseExpr(expr.source);
  const v = ast && operand(ast, ctx);
  return v?.worded ? v.text : [code(expr.source.trim())];
}

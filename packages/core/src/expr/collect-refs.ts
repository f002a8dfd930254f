/**
 * The variables a CEL expression reads, from its AST. Pure.
 * `a.b.c` is one reference `{ root: "a", path: ["b", "c"] }`; variables bound by macros
 * (`list.exists(x, …)`, `cel.bind(x, …)`) are not references.
 */
import type { ASTNode } from "@marcbachmann/cel-js";
import type { ExprRef } from "./types.js";

const ITERATION_MACROS = new Set(["all", "exists", "exists_one", "map", "filter"]);

/** Every free variable read in `ast`, in source order. */
export function collectRefs(ast: ASTNode): ExprRef[] {
  const out: ExprRef[] = [];
  visit(ast, new Set(), out);
  return out.sort((a, b) => a.start - b.start);
}

function visit(node: ASTNode, bound: ReadonlySet<string>, out: ExprRef[]): void {
  const chain = accessChain(node);
  if (chain) {
    if (!bound.has(chain.root)) out.push(chain);
    return;
  }
  if (node.op === "rcall" && bindsVariable(node)) return visitMacro(node, bound, out);
  for (const child of children(node)) visit(child, bound, out);
}

/** `id` or a `.` chain ending in an `id`: one reference. */
function accessChain(node: ASTNode): ExprRef | undefined {
  if (node.op === "id") return { root: node.args, path: [], start: node.start, end: node.end };
  if (node.op !== "." && node.op !== ".?") return undefined;
  const inner = accessChain(node.args[0]);
  if (!inner) return undefined;
  return { root: inner.root, path: [...inner.path, node.args[1]], start: inner.start, end: node.end };
}

function bindsVariable(node: Extract<ASTNode, { op: "rcall" }>): boolean {
  const [name, receiver, args] = node.args;
  const first = args[0];
  if (first?.op !== "id") return false;
  if (name === "bind") return receiver.op === "id" && receiver.args === "cel" && args.length === 3;
  return ITERATION_MACROS.has(name) && args.length >= 2;
}

function visitMacro(node: Extract<ASTNode, { op: "rcall" }>, bound: ReadonlySet<string>, out: ExprRef[]): void {
  const [name, receiver, args] = node.args;
  const variable = (args[0] as Extract<ASTNode, { op: "id" }>).args;
  const inner = new Set(bound).add(variable);
  if (name === "bind") {
    // bindsVariable checked that `cel.bind` has its three arguments.
    visit(args[1]!, bound, out);
    visit(args[2]!, inner, out);
    return;
  }
  visit(receiver, bound, out);
  for (const arg of args.slice(1)) visit(arg, inner, out);
}

function children(node: ASTNode): ASTNode[] {
  switch (node.op) {
    case "value": case "id":
      return [];
    case "call":
      return node.args[1];
    case "rcall":
      return [node.args[1], ...node.args[2]];
    case "list":
      return node.args;
    case "map":
      return node.args.flat();
    case "!_": case "-_":
      return [node.args];
    case ".": case ".?":
      return [node.args[0]];
    default:
      return node.args as ASTNode[];
  }
}

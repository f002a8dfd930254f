/**
 * The import graph of the packages' sources, read with the TypeScript parser: every static import and
 * re-export, every dynamic `import("…")`, marked type-only when it is erased at run time. Relative
 * specifiers resolve to files (`./x.js` → `./x.ts`); a package specifier names its package
 * (`@skillflow/langgraph/models` → `langgraph`). Used by import-layers.test.ts and the server's and
 * the Studio's layering tests.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

export interface ImportEdge {
  /** The importing file, relative to the packages folder (`langgraph/src/create-flow.ts`). */
  from: string;
  /** The imported file (relative, as `from`) for a relative import, else undefined. */
  file?: string;
  /** The package the import lands in (`core`, `langgraph`, …), or undefined for anything else. */
  pkg?: string;
  specifier: string;
  typeOnly: boolean;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every import of every file under `packages/*\/src`. */
export function importGraph(packagesDir: string): ImportEdge[] {
  const files = readdirSync(packagesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(packagesDir, e.name, "src")))
    .flatMap((e) => sourceFiles(join(packagesDir, e.name, "src")));
  return files.flatMap((file) => importsOf(packagesDir, file));
}

/** Every import of one file (`file` under `packagesDir`). */
export function importsOf(packagesDir: string, file: string): ImportEdge[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const from = rel(packagesDir, file);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => edges.push({ from, specifier, typeOnly, ...target(packagesDir, file, specifier) });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, isTypeOnlyImport(node));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!)) add(node.arguments[0].text, false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/**
 * Erased at run time only when the whole declaration is `import type`: under verbatimModuleSyntax (on
 * for every package) `import { type A } from "m"` still emits `import {} from "m"`, which loads `m`.
 */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  return node.importClause?.isTypeOnly === true;
}

function target(packagesDir: string, file: string, specifier: string): { file?: string; pkg?: string } {
  if (specifier.startsWith(".")) {
    const path = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
    const found = [path, path.replace(/\.ts$/, ".tsx"), join(path, "index.ts")].find((p) => existsSync(p));
    const shown = rel(packagesDir, found ?? path);
    return { file: shown, pkg: shown.split("/")[0] };
  }
  const pkg = /^@skillflow\/([^/]+)/.exec(specifier)?.[1];
  return pkg ? { pkg } : {};
}

function rel(packagesDir: string, file: string): string {
  return relative(packagesDir, file).split(sep).join("/");
}

/** The cycles of a directed graph: its strongly connected components of more than one node (or a self-loop). */
export function cyclesOf(edges: Array<[string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (v: string): void => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of next.keys()) if (!order.has(v)) connect(v);
  return cycles;
}

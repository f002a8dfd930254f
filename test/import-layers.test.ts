/**
 * The import graph of every package's sources (test/helpers/import-graph.ts, read with the TypeScript
 * parser): no import cycle between modules, and no import against the layer order
 *
 *   core ← langgraph ← server, mcp ← studio ← cli
 *
 * A package imports only packages of a lower layer (server and mcp not each other), through their
 * package names — never a relative path into another package's files. Cycles count the imports that
 * run (static, re-exports and dynamic `import()`); a type-only import is erased at run time, so a type
 * that two modules share cannot make a cycle (the CLI's registry and its commands, for one).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cyclesOf, importGraph, importsOf } from "./helpers/import-graph.js";

const packages = fileURLToPath(new URL("../packages/", import.meta.url));
const LAYER: Record<string, number> = { core: 0, langgraph: 1, server: 2, mcp: 2, studio: 3, cli: 4 };
const graph = importGraph(packages);

/**
 * Cycles known when this test was written, each to be removed by the change that names it. The test
 * fails when one disappears too, so this list never outlives its cycles.
 */
const KNOWN_CYCLES: string[][] = [
  // (The card walk and the step walk called each other until the runtime got one executor per walk.)
];

describe("imports", () => {
  it("read every package's sources", () => {
    const from = new Set(graph.map((e) => e.from.split("/")[0]));
    expect([...from].sort()).toEqual(Object.keys(LAYER).sort());
    expect(graph.length).toBeGreaterThan(500);
  });

  it("form no cycle between modules (beyond the known ones)", () => {
    const runtime = graph.filter((e) => e.file && !e.typeOnly).map((e): [string, string] => [e.from, e.file!]);
    expect(cyclesOf(runtime).sort()).toEqual(KNOWN_CYCLES);
  });

  it("finds a cycle, and not one made of type-only imports (the check itself)", () => {
    expect(cyclesOf([["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"]])).toEqual([["a", "b", "c"]]);
    expect(cyclesOf([["a", "a"]])).toEqual([["a"]]);
    expect(cyclesOf([["a", "b"], ["b", "c"]])).toEqual([]);
  });

  it("count `import { type A }` as a runtime import (verbatimModuleSyntax keeps `import {} from`), only `import type` as erased", () => {
    const dir = mkdtempSync(join(tmpdir(), "import-graph-"));
    try {
      const file = join(dir, "m.ts");
      writeFileSync(file, 'import { type A } from "./a.js";\nimport type { B } from "./b.js";\nexport { type C } from "./c.js";\nexport type { D } from "./d.js";\n');
      expect(importsOf(dir, file).map((e) => [e.specifier, e.typeOnly])).toEqual([["./a.js", false], ["./b.js", true], ["./c.js", false], ["./d.js", true]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("follow the layer order core ← langgraph ← server, mcp ← studio ← cli", () => {
    const against = graph.filter((e) => {
      const own = e.from.split("/")[0]!;
      return e.pkg !== undefined && e.pkg !== own && !(LAYER[e.pkg]! < LAYER[own]!);
    });
    expect(against.map((e) => `${e.from} imports ${e.specifier}`)).toEqual([]);
  });

  it("reach another package by its name, never by a relative path into its files", () => {
    const reaching = graph.filter((e) => e.file !== undefined && e.pkg !== e.from.split("/")[0]);
    expect(reaching.map((e) => `${e.from} imports ${e.specifier}`)).toEqual([]);
  });
});

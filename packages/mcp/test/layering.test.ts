/**
 * Layers (core ← langgraph ← mcp ← cli): @skillflow/mcp imports nothing above it (cli, server) and
 * langgraph imports no MCP. The tools side of @skillflow/mcp (mcpTools, toolServer) loads no LangGraph:
 * a tools.ts that lists MCP servers stays cheap to import; only `serveSkills` imports it, on first use.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf, sourceFiles } from "../../../test/helpers/import-graph.js";

const packages = fileURLToPath(new URL("../../", import.meta.url));

/** Module specifiers a file loads at run time (an `import type` is erased, so it does not count). */
function runtimeImports(file: string): string[] {
  return importsOf(packages, file).filter((e) => !e.typeOnly).map((e) => e.specifier);
}

const offenders = (pkg: string, forbidden: RegExp, only?: (path: string) => boolean) =>
  sourceFiles(join(packages, pkg, "src"))
    .map((file) => ({ path: relative(packages, file), imports: runtimeImports(file) }))
    .filter((f) => !only || only(f.path))
    .flatMap((f) => f.imports.filter((spec) => forbidden.test(spec)).map((spec) => `${f.path} imports ${spec}`));

describe("layers", () => {
  it("@skillflow/mcp imports nothing above it", () => {
    expect(offenders("mcp", /^@skillflow\/(cli|server)/)).toEqual([]);
  });

  it("@skillflow/langgraph imports no MCP", () => {
    expect(offenders("langgraph", /^@skillflow\/mcp|^@modelcontextprotocol\//)).toEqual([]);
  });

  it("the tools side of @skillflow/mcp loads no LangGraph; serveSkills imports it only when called", () => {
    expect(offenders("mcp", /^@skillflow\/langgraph|^@langchain\//, (path) => !path.startsWith("mcp/src/host/serve-skills.ts"))).toEqual([]);
    expect(readFileSync(join(packages, "mcp/src/host/serve-skills.ts"), "utf8")).toMatch(/await import\("@skillflow\/langgraph"\)/);
  });

  it("sees the imports it is meant to catch", () => {
    expect(runtimeImports(join(packages, "mcp/src/host/serve-skills.ts"))).toContain("@skillflow/langgraph");
    expect(runtimeImports(join(packages, "mcp/src/host/turn-view.ts"))).not.toContain("@skillflow/langgraph");
  });
});

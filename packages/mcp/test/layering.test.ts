/**
 * Layers (core ← langgraph ← mcp ← cli): @skillflow/mcp imports nothing above it (cli, server) and
 * langgraph imports no MCP. The tools side of @skillflow/mcp (mcpTools, toolServer) loads no LangGraph:
 * a tools.ts that lists MCP servers stays cheap to import; only `serveSkills` imports it, on first use.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packages = fileURLToPath(new URL("../../", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** Module specifiers a file loads at run time (type-only imports are erased, so they do not count). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const pattern = /\bimport\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']|\bexport\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
  return [...text.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

const offenders = (pkg: string, forbidden: RegExp, only?: (path: string) => boolean) =>
  sources(join(packages, pkg, "src"))
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

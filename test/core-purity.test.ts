/**
 * @skillflow/core is pure: only its edge loader (src/loader/) may read files or import jiti, and no
 * core module may import LangChain. Checked on the import specifiers of every source file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../packages/core/src/", import.meta.url));
const FORBIDDEN = [/^(node:)?fs(\/|$)/, /^jiti(\/|$)/, /^@langchain\//, /^@skillflow\/langgraph/];
/** Not even the loader may import these: MCP lives in @skillflow/mcp, above core, and reaches the loader as a tool source. */
const NEVER = [/^@modelcontextprotocol\//, /^@skillflow\/(mcp|server|cli)/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** Every module specifier a file imports: static, re-exported, side-effect or dynamic. */
export function importsOf(text: string): string[] {
  const pattern = /\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s+["']([^"']+)["']/g;
  return [...text.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const files = sourceFiles(src).map((file) => ({ path: relative(src, file).split("\\").join("/"), imports: importsOf(readFileSync(file, "utf8")) }));

describe("core purity", () => {
  it("no core module outside loader/ imports node:fs, jiti or LangChain", () => {
    const offenders = files
      .filter((f) => !f.path.startsWith("loader/"))
      .flatMap((f) => f.imports.filter((spec) => FORBIDDEN.some((re) => re.test(spec))).map((spec) => `${f.path} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it("no core module, the loader included, imports the MCP SDK or a package above core", () => {
    const offenders = files.flatMap((f) => f.imports.filter((spec) => NEVER.some((re) => re.test(spec))).map((spec) => `${f.path} imports ${spec}`));
    expect(offenders).toEqual([]);
  });

  it("sees the imports it is meant to catch (the loader's own)", () => {
    const loader = files.filter((f) => f.path.startsWith("loader/")).flatMap((f) => f.imports);
    expect(loader).toContain("node:fs/promises");
    expect(loader).toContain("jiti");
  });
});

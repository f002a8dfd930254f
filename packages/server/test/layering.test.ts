/**
 * Layering: core ← langgraph ← server ← cli. The server imports nothing from the CLI; core and
 * langgraph import nothing from the server; and inside the server only flow-port.ts imports
 * `@skillflow/langgraph` (the one file to change when its entry is reshaped).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packages = fileURLToPath(new URL("../../", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) ? [join(dir, e.name)] : []);
}

function importsOf(file: string): string[] {
  const code = readFileSync(file, "utf8");
  return [...code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
}

describe("layering around @skillflow/server", () => {
  it("the server never imports the CLI", () => {
    const offending = sources(join(packages, "server/src")).concat(sources(join(packages, "server/page")))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/cli")));
    expect(offending).toEqual([]);
  });

  it("core and langgraph never import the server", () => {
    const offending = ["core/src", "langgraph/src"].flatMap((d) => sources(join(packages, d)))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/server")));
    expect(offending).toEqual([]);
  });

  it("only flow-port.ts imports @skillflow/langgraph", () => {
    const importers = sources(join(packages, "server/src"))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/langgraph")))
      .map((f) => relative(join(packages, "server/src"), f));
    expect(importers).toEqual(["flow-port.ts"]);
  });
});

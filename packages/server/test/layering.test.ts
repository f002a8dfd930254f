/**
 * Layering: core ← langgraph ← server ← cli. The server imports nothing from the CLI; core and
 * langgraph import nothing from the server; and inside the server only flow-port.ts imports
 * `@skillflow/langgraph` (the one file to change when its entry is reshaped).
 */
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf as fileImports, sourceFiles } from "../../../test/helpers/import-graph.js";

const packages = fileURLToPath(new URL("../../", import.meta.url));

const importsOf = (file: string): string[] => fileImports(packages, file).map((e) => e.specifier);

describe("layering around @skillflow/server", () => {
  it("the server never imports the CLI", () => {
    const offending = sourceFiles(join(packages, "server/src")).concat(sourceFiles(join(packages, "server/page")))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/cli")));
    expect(offending).toEqual([]);
  });

  it("core and langgraph never import the server", () => {
    const offending = ["core/src", "langgraph/src"].flatMap((d) => sourceFiles(join(packages, d)))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/server")));
    expect(offending).toEqual([]);
  });

  it("only flow-port.ts imports @skillflow/langgraph", () => {
    const importers = sourceFiles(join(packages, "server/src"))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/langgraph")))
      .map((f) => relative(join(packages, "server/src"), f));
    expect(importers).toEqual(["flow-port.ts"]);
  });
});

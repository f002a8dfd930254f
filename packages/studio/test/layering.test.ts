/**
 * Layering: core ← langgraph ← server ← studio ← cli. The Studio (its server code and its page) never
 * imports the CLI, nothing below it imports the Studio, and inside the Studio only langgraph-port.ts
 * imports `@skillflow/langgraph` (the one file to change when its entry is reshaped).
 */
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf as fileImports, sourceFiles } from "../../../test/helpers/import-graph.js";

const packages = fileURLToPath(new URL("../../", import.meta.url));

const importsOf = (file: string): string[] => fileImports(packages, file).map((e) => e.specifier);

describe("layering around @skillflow/studio", () => {
  it("the Studio never imports the CLI, nor the CLI's sources by path", () => {
    const offending = [...sourceFiles(join(packages, "studio/src")), ...sourceFiles(join(packages, "studio/page"))]
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/cli") || s.includes("/cli/")));
    expect(offending).toEqual([]);
  });

  it("core, langgraph, mcp and server never import the Studio", () => {
    const offending = ["core/src", "langgraph/src", "mcp/src", "server/src", "server/page"].flatMap((d) => sourceFiles(join(packages, d)))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/studio")));
    expect(offending).toEqual([]);
  });

  it("only langgraph-port.ts imports @skillflow/langgraph", () => {
    const importers = sourceFiles(join(packages, "studio/src"))
      .filter((f) => importsOf(f).some((s) => s.startsWith("@skillflow/langgraph")))
      .map((f) => relative(join(packages, "studio/src"), f));
    expect(importers).toEqual(["langgraph-port.ts"]);
  });

  it("the page imports no server-side module: only CodeMirror, its own files and the chat page's DOM helpers", () => {
    const specs = sourceFiles(join(packages, "studio/page")).flatMap(importsOf);
    expect([...new Set(specs.filter((s) => !s.startsWith("@codemirror/") && s !== "codemirror" && !/^\.\/[\w-]+\.js$/.test(s)))]).toEqual(["../../server/page/dom.js"]);
  });
});

/**
 * A skill whose tools.ts cannot be imported because a package it imports is not installed where it is
 * (a copy of a skill outside the repository: `zod` does not resolve) is still checked for everything
 * that does not need the tools' inputs and outputs (issue 36 §5): the tools are read from tools.ts's text
 * by name and kind, so a misspelt tool and a write with no confirm are reported beside the import error,
 * which says what was skipped and how to make it run. Read by name, a skill is never told of a problem
 * the full check does not find: checked on every example skill.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { findSkills, loadSkill, loadSkillText } from "@skillflow/core/loader";
import { readToolNames } from "../packages/core/src/loader/read-tool-names.js";
import { readToolSources } from "../packages/core/src/loader/read-tool-sources.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const outside = mkdtempSync(join(tmpdir(), "flow-outside-"));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

/** skills/conference-trip copied outside the repository (no node_modules above it), with `edit` applied to SKILL.md. */
function copyOfTrip(edit: (text: string) => string): string {
  const dir = join(outside, `trip-${Math.random().toString(36).slice(2, 8)}`);
  cpSync(join(root, "skills/conference-trip"), dir, { recursive: true, filter: (src) => !src.includes("over-mcp") });
  const file = join(dir, "SKILL.md");
  writeFileSync(file, edit(readFileSync(file, "utf8")));
  return dir;
}

const lines = (diagnostics: Array<{ line: number; ruleId: string }>) => diagnostics.map((d) => `${d.line} ${d.ruleId}`);

describe("a skill whose tools.ts imports a package that is not installed", () => {
  it("is checked against its tools by name: a misspelt tool and a missing confirm are reported with the import error", async () => {
    const dir = copyOfTrip((text) => text
      .replace("- do: hold_hotel\n", "- do: hold_hotell\n")
      .replace(/- confirm: \{ pay: .*\n {2}widget: trip_checkout\n/, ""));
    const loaded = await loadSkill(dir);
    expect(loaded.skill).toBeUndefined();
    const errors = loaded.diagnostics.filter((d) => d.severity === "error");
    expect(new Set(errors.map((d) => d.ruleId))).toEqual(new Set(["tools-throws", "unknown-tool", "ungated-write"]));
    const unknown = errors.find((d) => d.ruleId === "unknown-tool")!;
    expect(`${unknown.reason} ${unknown.fix}`).toContain("Did you mean `hold_hotel`?");
    expect(errors.filter((d) => d.ruleId === "ungated-write").map((d) => /`(\w+)` runs/.exec(d.reason)?.[1])).toEqual(["hold_flight", "reserve_cab", "take_payment"]);
    const importError = errors.find((d) => d.ruleId === "tools-throws")!;
    expect(importError.reason).toBe("tools.ts imports `zod`, which cannot be found.");
    expect(importError.fix).toBe("Install `zod` where the skill is (`npm install zod` in its folder or a parent), or correct the import path. Until tools.ts imports, the skill was checked against the tools named in tools.ts, but not for the types of tool outputs (in conditions, templates, `from:`, `columns:`, lookup fields and the cases of a `switch` on one), the inputs each tool is given, and the words of each write's confirmation card: run flow check again once it does.");
  });

  it("says nothing more when the skill has no other problem", async () => {
    const loaded = await loadSkill(copyOfTrip((text) => text));
    expect(loaded.diagnostics.filter((d) => d.severity === "error").map((d) => d.ruleId)).toEqual(["tools-throws"]);
  });

  it("says no check that needs the tools ran when their names cannot be read from the text", async () => {
    const dir = copyOfTrip((text) => text);
    writeFileSync(join(dir, "tools.ts"), 'import { z } from "zod";\nimport { lookup } from "@skillflow/core";\nconst name = "find_conference";\nexport default [lookup({ name, input: z.object({}), output: z.object({}) }, () => ({}))];\n');
    const loaded = await loadSkill(dir);
    expect(lines(loaded.diagnostics.filter((d) => d.severity === "error"))).toEqual(["1 tools-throws"]);
    expect(loaded.diagnostics.find((d) => d.ruleId === "tools-throws")!.fix).toContain("no check that needs its tools ran (unknown tools, the write gate, tool outputs and inputs)");
  });
});

describe("checked by tool names only, an example skill is told nothing the full check does not find", async () => {
  const { files } = await findSkills([join(root, "skills")]);
  it.each(files.map((f) => relative(root, f)))("%s", async (file) => {
    const path = join(root, file);
    const full = await loadSkill(path);
    const toolsFile = ["tools.ts", "tools.mts", "tools.js"].map((n) => join(path, "..", n)).find((f) => { try { return readFileSync(f) && true; } catch { return false; } });
    if (!toolsFile) return;
    const named = readToolNames((await readToolSources(toolsFile, readFileSync(toolsFile, "utf8"))).join("\n"));
    expect(named).toBeDefined();
    const infos = named!.tools;
    const tools = { toolsFile, collected: { infos, runnables: {}, diagnostics: [] }, byName: true as const, ...(named!.open && { openNames: true as const }) };
    const byName = await loadSkillText(path, readFileSync(path, "utf8"), { tools });
    const known = new Set(lines(full.diagnostics));
    expect(lines(byName.diagnostics).filter((d) => !known.has(d))).toEqual([]);
    expect(Object.keys(infos).sort()).toEqual(expect.arrayContaining(Object.keys(full.skill?.tools ?? {}).sort()));
  });
});

describe("reading tool names from the text", () => {
  const kinds = (source: string) => Object.values(readToolNames(source)!.tools).map((t) => `${t.name} ${t.kind}`);

  it("reads each lookup, action and hand-off by its written name, and guesses nothing when a tool is declared another way", () => {
    const declared = 'export default [\n  lookup({ name: "find_x", input, output }, run),\n  // action({ name: "commented_out" })\n  action({\n    name: "pay", input, output }, run),\n  handoff({ name: \'to_agent\', input, output }, run),\n];\n';
    expect(kinds(declared)).toEqual(["find_x lookup", "pay write", "to_agent handoff"]);
    expect(readToolNames(declared)!.open).toBe(false);
    const others = [
      'const name = "x";\nlookup({ name, input, output }, run);', 'import { lookup as l } from "@skillflow/core";\nl({ name: "x" });', "const x = 1;",
      'tool(run, { name: someName, schema });', 'tool(run, { name: "x", schema, metadata: meta });', 'tool(run, { name: "x", metadata: { readOnly: isReadOnly } });',
      'mcpTools({ command: "srv", only: names });', 'mcpTools({ command: "srv", ...(x && { only: ["a"] }) });', 'new DynamicStructuredTool({ name: "x" });',
    ];
    for (const other of others) expect(readToolNames(other), other).toBeUndefined();
  });

  it("reads a LangChain tool(fn, { name, metadata }) by the name in its config, not a name: inside its function, and its kind from metadata", () => {
    const declared = [
      'tool(async ({ name }) => ({ greeting: `hi ${name}` }), { name: "greet", schema: z.object({ name: z.string() }) }),',
      'tool((input) => find({ name: "inner", ...input }), { name: "find_order", schema, metadata: { readOnly: true } }),',
      'tool(run, { description: "to a person, (sic)", name: "to_agent", metadata: { handoff: true, readOnly: true } }),',
    ].join("\n");
    expect(kinds(declared)).toEqual(["greet write", "find_order lookup", "to_agent handoff"]);
    expect(readToolNames(declared)!.open).toBe(false);
  });

  it("reads the tools an mcpTools(…) server takes with only:, with their kinds; without only:, or trusted, the names are open", () => {
    const only = 'mcpTools({ command: "node", args: ["srv.js"], only: ["find_x", "pay", "to_agent"], readOnly: ["find_x"], handoff: ["to_agent"] })';
    expect(kinds(only)).toEqual(["find_x lookup", "pay write", "to_agent handoff"]);
    expect(readToolNames(only)!.open).toBe(false);
    const open = 'mcpTools({ url: "https://x", headers: { A: "b" }, readOnly: ["find_x"] }),\nmcpTools({ command: "srv", only: ["a"], trusted: true, ...(log && { env: { LOG: log } }) })';
    expect(kinds(open)).toEqual(["find_x lookup"]);
    expect(readToolNames(open)!.open).toBe(true);
  });
});

describe("a copy outside the repository whose tools come from tool(…) and mcpTools(…)", () => {
  /** conference-trip's SKILL.md, with `edit` applied, beside `toolsTs`, outside the repository. */
  function copyWith(toolsTs: string, edit: (text: string) => string = (t) => t): string {
    const dir = copyOfTrip(edit);
    writeFileSync(join(dir, "tools.ts"), toolsTs);
    return dir;
  }
  const LOOKUPS = ["find_conference", "search_flights", "check_arrival", "search_hotels", "quote_hotel", "quote_cab", "quote_trip", "verify_code"];
  const WRITES = ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"];
  const langChain = [
    'import { tool } from "@langchain/core/tools";',
    'import { z } from "zod";',
    "const run = async () => ({});",
    "export default [",
    ...LOOKUPS.map((name) => `  tool(run, { name: "${name}", schema: z.object({}), metadata: { readOnly: true } }),`),
    ...WRITES.map((name) => `  tool(run, { name: "${name}", schema: z.object({}) }),`),
    "];",
  ].join("\n");

  it("LangChain tools: a misspelt tool and a missing confirm are reported with the import error", async () => {
    const dir = copyWith(langChain, (text) => text.replace("- do: hold_hotel\n", "- do: hold_hotell\n").replace(/- confirm: \{ pay: .*\n {2}widget: trip_checkout\n/, ""));
    const errors = (await loadSkill(dir)).diagnostics.filter((d) => d.severity === "error");
    expect(new Set(errors.map((d) => d.ruleId))).toEqual(new Set(["tools-throws", "unknown-tool", "ungated-write"]));
    expect(errors.find((d) => d.ruleId === "tools-throws")!.fix).toContain("the skill was checked against the tools named in tools.ts, but not for the types");
  });

  it("an MCP server with only:: its tools are read with their kinds, and a misspelt tool and a missing confirm are reported", async () => {
    const server = `import { mcpTools } from "@skillflow/mcp";\nexport default [mcpTools({ command: "node", args: ["srv.js"], only: ${JSON.stringify([...LOOKUPS, ...WRITES])}, readOnly: ${JSON.stringify(LOOKUPS)} })];\n`;
    const dir = copyWith(server, (text) => text.replace("- do: hold_hotel\n", "- do: hold_hotell\n").replace(/- confirm: \{ pay: .*\n {2}widget: trip_checkout\n/, ""));
    const errors = (await loadSkill(dir)).diagnostics.filter((d) => d.severity === "error");
    expect(new Set(errors.map((d) => d.ruleId))).toEqual(new Set(["tools-throws", "unknown-tool", "ungated-write"]));
    expect(errors.filter((d) => d.ruleId === "ungated-write").map((d) => /`(\w+)` runs/.exec(d.reason)?.[1])).toEqual(["hold_flight", "reserve_cab", "take_payment"]);
  });

  it("an MCP server without only:: the tools it names are checked, and the import error says exactly which checks were skipped for the others", async () => {
    const server = `import { mcpTools } from "@skillflow/mcp";\nexport default [mcpTools({ command: "node", args: ["srv.js"], readOnly: ${JSON.stringify(LOOKUPS)} })];\n`;
    // hold_hotell may be one of the server's tools: not reported. A field asked twice needs no tool names: reported.
    const twice = (text: string) => text.replace("- ask: { nights:", "- ask: { nights: \"How many nights?\" }\n- ask: { nights:");
    const dir = copyWith(server, (text) => twice(text.replace("- do: hold_hotel\n", "- do: hold_hotell\n")));
    const full = (await loadSkill(copyWith(langChain, twice))).diagnostics.filter((d) => d.ruleId !== "tools-throws").map((d) => d.ruleId);
    const errors = (await loadSkill(dir)).diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => d.ruleId).filter((r) => r !== "tools-throws")).toEqual(full.filter((r) => errors.some((e) => e.ruleId === r)));
    expect(errors.map((d) => d.ruleId)).toContain("duplicate-ask");
    expect(errors.map((d) => d.ruleId)).not.toContain("unknown-tool");
    const fix = errors.find((d) => d.ruleId === "tools-throws")!.fix!;
    expect(fix).toContain("nor for the names the skill uses that tools.ts does not write out (an MCP server's tools without `only:`, or a server it trusts: `unknown-tool`, `unknown-reference`) and whether each confirm covers a write (`confirm-covers-nothing`)");
  });
});

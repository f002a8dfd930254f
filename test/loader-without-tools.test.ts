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
    expect(importError.fix).toBe("Install `zod` where the skill is (`npm install zod` in its folder or a parent), or correct the import path. Until tools.ts imports, the skill was checked against the tools named in tools.ts, but not for the types of tool outputs (in conditions, templates, `from:`, `columns:` and lookup fields), the inputs each tool is given, and the words of each write's confirmation card: run flow check again once it does.");
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
    const infos = readToolNames((await readToolSources(toolsFile, readFileSync(toolsFile, "utf8"))).join("\n"));
    expect(infos).toBeDefined();
    const byName = await loadSkillText(path, readFileSync(path, "utf8"), { tools: { toolsFile, collected: { infos, runnables: {}, diagnostics: [] }, byName: true } });
    const known = new Set(lines(full.diagnostics));
    expect(lines(byName.diagnostics).filter((d) => !known.has(d))).toEqual([]);
    expect(Object.keys(infos).sort()).toEqual(expect.arrayContaining(Object.keys(full.skill?.tools ?? {}).sort()));
  });
});

describe("reading tool names from the text", () => {
  it("reads each lookup, action and hand-off by its written name, and guesses nothing when a tool is declared another way", () => {
    const declared = 'export default [\n  lookup({ name: "find_x", input, output }, run),\n  // action({ name: "commented_out" })\n  action({\n    name: "pay", input, output }, run),\n  handoff({ name: \'to_agent\', input, output }, run),\n];\n';
    expect(Object.values(readToolNames(declared)!).map((t) => `${t.name} ${t.kind}`)).toEqual(["find_x lookup", "pay write", "to_agent handoff"]);
    for (const other of ['const name = "x";\nlookup({ name, input, output }, run);', 'mcpTools({ command: "srv" });', 'import { lookup as l } from "@skillflow/core";\nl({ name: "x" });', "const x = 1;"]) {
      expect(readToolNames(other)).toBeUndefined();
    }
  });
});

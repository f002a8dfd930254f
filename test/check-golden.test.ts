/**
 * Golden tests for `flow check`: every folder test/fixtures/checks/<rule-id>/ holds a skill (SKILL.md,
 * optional tools.ts) that breaks that rule, and expected.txt, the exact output of
 * `flow check test/fixtures/checks/<rule-id>` run from the repository root without a terminal.
 * Rewrite the expected files with `UPDATE=1 npx vitest run test/check-golden.test.ts`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cli } from "@skillflow/cli";
import { memoryIo } from "../packages/cli/test/memory-io.js";
import { RULES } from "../packages/core/src/rule-catalog.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixtures = join(root, "test/fixtures/checks");
const folders = readdirSync(fixtures, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** Fixtures too big to commit are written before the run (their folder's .gitignore lists them). */
const generated: Record<string, () => string> = {
  "file-too-large": () => `---\nname: file_too_large\n---\n${"# This line pads the file past the size cap.\n".repeat(24_000)}`,
};

/** The environment a fixture is checked with: tools-timeout waits 1 s, not the default 10 s. */
const envFor: Record<string, Record<string, string>> = {
  "tools-timeout": { FLOW_IMPORT_TIMEOUT_MS: "1000" },
};

describe("flow check golden output", () => {
  for (const id of folders) {
    it(id, async () => {
      const dir = join(fixtures, id);
      const make = generated[id];
      if (make && !existsSync(join(dir, "SKILL.md"))) writeFileSync(join(dir, "SKILL.md"), make());
      const { io, stdout, stderr } = memoryIo(root, { env: envFor[id] ?? {} });
      const code = await cli(["check", `test/fixtures/checks/${id}`], io);
      const output = stdout();
      const expectedFile = join(dir, "expected.txt");
      if (process.env.UPDATE === "1") writeFileSync(expectedFile, output);
      expect(stderr()).toBe("");
      expect(output).toBe(readFileSync(expectedFile, "utf8"));
      expect(output).toContain(` ${id}: `);
      expect(code).toBe(RULES.get(id as never)?.severity === "warning" ? 0 : 1);
    });
  }
});

describe("rule catalog coverage", () => {
  it("every rule in the catalog has a golden fixture folder", () => {
    const missing = [...RULES.keys()].filter((id) => !folders.includes(id));
    expect(missing).toEqual([]);
  });

  it("every fixture folder is named after a rule in the catalog", () => {
    expect(folders.filter((id) => !RULES.has(id as never))).toEqual([]);
  });
});

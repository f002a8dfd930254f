/**
 * Property: random mutations of the example skills (and of the SKILL-FORMAT example) never make parse +
 * check throw, and every diagnostic they produce is located inside the file. A small run, so `npm test`
 * stays quick; bench/fuzz.mjs runs the same property at length.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finishSkill } from "@skillflow/core/loader";
import { parseSkill, type ToolInfo } from "@skillflow/core";
import { RULES } from "../packages/core/src/check/catalog.js";
import { checkSkill } from "../packages/core/src/check/index.js";
import { collectTools } from "../packages/core/src/loader/collect-tools.js";
import { findToolsFile, importTools } from "../packages/core/src/loader/import-tools.js";
import { applyMutations, mutationsArb, violation } from "./fuzz/skill-mutations.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 200;

interface Seed {
  file: string;
  text: string;
  tools: Record<string, ToolInfo>;
}

async function seeds(): Promise<Seed[]> {
  const dirs = readdirSync(join(root, "skills"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, "skills", e.name));
  const list: Seed[] = [];
  for (const dir of [...dirs, join(root, "test/fixtures/format-example")]) {
    const file = join(dir, "SKILL.md");
    const toolsFile = await findToolsFile(file);
    const imported = toolsFile ? await importTools(toolsFile) : {};
    const tools = toolsFile && imported.module ? collectTools(imported.module, toolsFile, "").infos : {};
    list.push({ file, text: readFileSync(file, "utf8"), tools });
  }
  return list;
}

describe("loader fuzz", () => {
  it("never throws and always locates its diagnostics inside the file", async () => {
    const all = await seeds();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const arb = fc.constantFrom(...all).chain((seed) => mutationsArb(fc, seed.text).map((mutations) => ({ seed, mutations })));
    fc.assert(
      fc.property(arb, ({ seed, mutations }) => {
        const text = applyMutations(seed.text, mutations);
        const parsed = parseSkill(text, seed.file);
        const checked = finishSkill(parsed, seed.tools);
        // The checks must also cope with a partly read skill, even though the loader does not ask them to.
        const partial = parsed.skill ? checkSkill({ ...parsed.skill, tools: seed.tools }) : [];
        const problem = violation(text, seed.file, [...checked.diagnostics, ...partial], RULES);
        if (problem) throw new Error(`${problem}\n--- mutated text ---\n${text}`);
      }),
      { numRuns: RUNS },
    );
  });
});

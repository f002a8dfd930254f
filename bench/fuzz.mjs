// The loader fuzz property at length (test/loader-fuzz.test.ts runs it small): random mutations of the
// example skills never make parse + check throw, and every diagnostic is located inside the file.
// Runs from dist: `npx tsc -b && node bench/fuzz.mjs [runs] [seed]`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { parseSkill } from "@skillflow/core";
import { finishSkill } from "@skillflow/core/loader";
import { RULES } from "../packages/core/dist/rule-catalog.js";
import { checkSkill } from "../packages/core/dist/check/index.js";
import { collectTools } from "../packages/core/dist/loader/collect-tools.js";
import { findToolsFile, importTools } from "../packages/core/dist/loader/import-tools.js";
import { applyMutations, mutationsArb, violation } from "../test/fuzz/skill-mutations.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(process.argv[2] ?? 5000);
const seed = process.argv[3] === undefined ? Date.now() % 2 ** 31 : Number(process.argv[3]);

const dirs = readdirSync(join(root, "skills"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(root, "skills", e.name));
const seeds = [];
for (const dir of [...dirs, join(root, "test/fixtures/format-example")]) {
  const file = join(dir, "SKILL.md");
  const toolsFile = await findToolsFile(file);
  const imported = toolsFile ? await importTools(toolsFile) : {};
  const tools = toolsFile && imported.module ? collectTools(imported.module, toolsFile, "").infos : {};
  seeds.push({ file, text: readFileSync(file, "utf8"), tools });
}

let withDiagnostics = 0;
const started = performance.now();
const arb = fc.constantFrom(...seeds).chain((s) => mutationsArb(fc, s.text).map((mutations) => ({ seed: s, mutations })));
const result = fc.check(
  fc.property(arb, ({ seed: s, mutations }) => {
    const text = applyMutations(s.text, mutations);
    const parsed = parseSkill(text, s.file);
    const checked = finishSkill(parsed, s.tools);
    const partial = parsed.skill ? checkSkill({ ...parsed.skill, tools: s.tools }) : [];
    if (checked.diagnostics.length > 0) withDiagnostics++;
    const problem = violation(text, s.file, [...checked.diagnostics, ...partial], RULES);
    if (problem) throw new Error(`${problem}\n--- mutated text ---\n${text}`);
  }),
  { numRuns: runs, seed },
);
const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${runs} mutations of ${seeds.length} skills, seed ${seed}, ${seconds.toFixed(1)} s`);
console.log(`fuzz: ${withDiagnostics} runs reported diagnostics (the rest were harmless mutations)`);
if (result.failed) {
  const error = result.errorInstance;
  console.error(`fuzz: FAILED (replay with: node bench/fuzz.mjs ${runs} ${seed})`);
  console.error(error instanceof Error ? error.stack ?? error.message : String(error));
  process.exitCode = 1;
} else console.log("fuzz: no crash, every diagnostic located inside its file");

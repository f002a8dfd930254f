// bench/load: how long parse + check takes, beside the time to merely `yaml.parse` the same YAML, in the
// same run. Cases: skills/conference-trip (if present), generated skills of 100 and 1,000 steps with
// nested `when`s, confirms and writes, and 1,000 and 10,000 `when`-guarded confirms each followed by a
// write (accepted, and "-bad": each write after its `when`, so all are reported). Goal: parse + check ≤ 10× the bare YAML parse at 1,000 steps, and
// close to linear growth (the path analysis must not enumerate paths).
// Runs from dist: `npm run build && npm run bench:load`.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { action, describeTool, lookup, parseSkill } from "@skillflow/core";
import { finishSkill } from "@skillflow/core/loader";
import { collectTools } from "../packages/core/dist/loader/collect-tools.js";
import { importTools } from "../packages/core/dist/loader/import-tools.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** A skill of about `steps` steps: blocks of ask → when → (say, when → lookup, confirm, write), say. */
function generateSkill(steps) {
  const blocks = Math.ceil(steps / 9);
  const fields = [];
  const lines = [];
  const tools = [];
  for (let i = 0; i < blocks; i++) {
    fields.push(`f${i}: { number: { min: 0, max: 10 } }`);
    lines.push(
      `- ask: { f${i}: "Value ${i}?" }`,
      `- when: f${i} > 3`,
      "  steps:",
      `    - say: "Block ${i} is big: {f${i}}."`,
      `    - when: f${i} > 7 && quote_${i}.total < 100.0`,
      "      steps:",
      `        - do: quote_${i}`,
      `        - confirm: { ok_${i}: "Save {quote_${i}.total} for block ${i}?" }`,
      `        - do: save_${i}`,
      `    - say: "Block ${i} checked."`,
      `- say: "Next after ${i}."`,
    );
    const input = z.object({ [`f${i}`]: z.number().int() });
    tools.push(
      lookup({ name: `quote_${i}`, input, output: z.object({ total: z.number() }) }, async () => ({ total: 1 })),
      action({ name: `save_${i}`, input, output: z.object({ id: z.string() }) }, async () => ({ id: "x" })),
    );
  }
  const text = `---\nname: generated_${steps}\ndescription: A generated skill of ${blocks * 9} steps.\n---\n\n# Generated\n\n` +
    `## Fields\n\n\`\`\`yaml\n${fields.join("\n")}\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${lines.join("\n")}\n\`\`\`\n`;
  return { name: `generated-${steps}`, text, tools: Object.fromEntries(tools.map((t) => [t.name, describeTool(t)])) };
}

/**
 * `n` confirms each guarded by a `when`, each followed by a write (issue 9, point 8: this shape was
 * quadratic). With `ungated`, each write sits after its `when`, so every one of them is reported.
 */
function guardedConfirms(n, ungated = false) {
  const lines = ["- ask: { count: \"How many?\" }"];
  for (let i = 0; i < n; i++) {
    lines.push(`- when: count > ${i}`, "  steps:", `    - confirm: { ok_${i}: "Save block ${i}?" }`);
    lines.push(ungated ? "- do: save" : "    - do: save");
  }
  const text = `---\nname: guarded_${n}\ndescription: ${n} guarded confirms.\n---\n\n## Fields\n\n\`\`\`yaml\ncount: { number: { min: 0 } }\n\`\`\`\n\n` +
    `## Steps\n\n\`\`\`yaml\n${lines.join("\n")}\n\`\`\`\n`;
  const save = action({ name: "save", input: z.object({ count: z.number().int() }), output: z.object({ id: z.string() }) }, async () => ({ id: "x" }));
  return { name: `guarded-${n >= 1000 ? `${n / 1000}k` : n}${ungated ? "-bad" : ""}`, text, tools: { save: describeTool(save) }, expectErrors: ungated };
}

async function conferenceTrip() {
  const dir = `${root}skills/conference-trip/`;
  if (!existsSync(`${dir}SKILL.md`)) return undefined;
  const imported = await importTools(`${dir}tools.ts`);
  const tools = imported.module ? collectTools(imported.module, `${dir}tools.ts`, "").infos : {};
  return { name: "conference-trip", text: readFileSync(`${dir}SKILL.md`, "utf8"), tools };
}

/** The YAML of the skill's blocks (frontmatter, fields, steps), as `yaml.parse` alone would see it. */
function yamlBlocks(text) {
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  return [front, ...[...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1])];
}

/**
 * Median time of each function, measured interleaved (one call of each per round) so that a busy
 * machine slows all of them alike; ten rounds of warm-up first.
 */
function medians(fns, runs) {
  const times = fns.map(() => []);
  for (let round = -10; round < runs; round++) {
    fns.forEach((fn, i) => {
      const start = performance.now();
      fn();
      if (round >= 0) times[i].push(performance.now() - start);
    });
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(runs / 2)]);
}

function countSteps(steps) {
  return steps.reduce((n, s) => n + 1 + (s.steps ? countSteps(s.steps) : 0), 0);
}

function measure(c) {
  const runs = c.text.length > 200000 ? 5 : c.text.length > 20000 ? 15 : 41;
  const parsed = parseSkill(c.text, `${c.name}/SKILL.md`);
  const result = finishSkill(parsed, c.tools);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 && !c.expectErrors) console.warn(`  (${c.name}: ${errors.length} errors, first: ${errors[0].ruleId} ${errors[0].reason})`);
  const blocks = yamlBlocks(c.text);
  const file = `${c.name}/SKILL.md`;
  const [yaml, parse, total] = medians([
    () => blocks.forEach((b) => parseYaml(b)),
    () => parseSkill(c.text, file),
    () => finishSkill(parseSkill(c.text, file), c.tools),
  ], runs);
  return { name: c.name, steps: countSteps(parsed.skill?.steps ?? []), yaml, parse, total };
}

const cases = [
  await conferenceTrip(), generateSkill(100), generateSkill(1000),
  guardedConfirms(1000), guardedConfirms(10000), guardedConfirms(1000, true), guardedConfirms(10000, true),
].filter(Boolean);
const rows = cases.map(measure);
const ms = (t) => `${t.toFixed(2)} ms`.padStart(10);
console.log(`${"skill".padEnd(16)}${"steps".padStart(6)}${"yaml.parse".padStart(12)}${"parse".padStart(11)}${"parse+check".padStart(13)}${"ratio".padStart(8)}`);
for (const r of rows) {
  console.log(`${r.name.padEnd(16)}${String(r.steps).padStart(6)}  ${ms(r.yaml)} ${ms(r.parse)}   ${ms(r.total)}${`${(r.total / r.yaml).toFixed(1)}×`.padStart(8)}`);
}
const [small, large] = rows.filter((r) => r.name.startsWith("generated"));
const growth = large.total / small.total;
console.log(`growth 100 → 1,000 steps (×${(large.steps / small.steps).toFixed(1)} steps): parse+check ×${growth.toFixed(1)}, yaml.parse ×${(large.yaml / small.yaml).toFixed(1)}`);
console.log(`goal at 1,000 steps: parse+check ≤ 10× yaml.parse — ${large.total / large.yaml <= 10 ? "met" : "NOT met"} (${(large.total / large.yaml).toFixed(1)}×)`);
const guarded = (name) => rows.find((r) => r.name === name);
for (const [a, b] of [["guarded-1k", "guarded-10k"], ["guarded-1k-bad", "guarded-10k-bad"]]) {
  const [x, y] = [guarded(a), guarded(b)];
  console.log(`growth ${a} → ${b} (×${(y.steps / x.steps).toFixed(1)} steps): parse+check ×${(y.total / x.total).toFixed(1)}, yaml.parse ×${(y.yaml / x.yaml).toFixed(1)}`);
}

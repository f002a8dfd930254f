// bench/turn: the pure `step` row — one step of a generated skill of about 1,000 steps whose path runs
// through 167 cached lookups (every `when` taken), on a text event that changes nothing, so the step
// replays the whole path from the cache and stops at the confirm again. Timed against the same trivial
// invoke, interleaved. Runs @skillflow/core's `step` directly: no host, no store, no model.
import { action, describeTool, initialState, lookup, parseSkill, step } from "@skillflow/core";
import { finishSkill } from "@skillflow/core/loader";
import { z } from "zod";

const BLOCKS = 167;

/** The generated skill: per block `ask f_i`, `when f_i > 3: [say {quote_i.total}, do quote_i, say]`, `say`. */
function generatedSkill() {
  const fields = [];
  const steps = [];
  const tools = [];
  for (let i = 0; i < BLOCKS; i += 1) {
    fields.push(`f${i}: { number: { min: 0, max: 10 } }`);
    steps.push(`- ask: { f${i}: "Value ${i}?" }`, `- when: f${i} > 3`, "  steps:", `    - say: "Block ${i}: {quote_${i}.total}."`,
      `    - do: quote_${i}`, `    - say: "Checked ${i}."`, `- say: "Next ${i}."`);
    tools.push(lookup({ name: `quote_${i}`, input: z.object({ [`f${i}`]: z.number().int() }), output: z.object({ total: z.number() }) }, async () => ({ total: 1 })));
  }
  steps.push(`- confirm: { ok: "Save?" }`, "- do: save");
  tools.push(action({ name: "save", input: z.object({ f0: z.number().int() }), output: z.object({ id: z.string() }) }, async () => ({ id: "x" })));
  const text = `---\nname: generated\ndescription: a generated skill for bench:turn\n---\n\n## Fields\n\n\`\`\`yaml\n${fields.join("\n")}\n\`\`\`\n\n## Steps\n\n\`\`\`yaml\n${steps.join("\n")}\n\`\`\`\n`;
  const loaded = finishSkill(parseSkill(text, "generated/SKILL.md"), Object.fromEntries(tools.map((t) => [t.name, describeTool(t)])));
  if (!loaded.skill) throw new Error(`the generated skill does not load: ${loaded.diagnostics[0]?.message}`);
  return { skill: loaded.skill, steps: steps.filter((line) => line.trimStart().startsWith("- ")).length };
}

/** Bring a fresh conversation to the confirm: every field 5, every lookup answered (so all are cached). */
function atConfirm(skill, options) {
  let state = initialState("bench");
  let event = { type: "preset", values: Object.fromEntries(Array.from({ length: BLOCKS }, (_, i) => [`f${i}`, 5])) };
  for (let guard = 0; guard < 10 * BLOCKS && state.pending?.kind !== "confirm"; guard += 1) {
    const result = step(skill, state, event, options);
    state = result.state;
    const call = result.effects.find((effect) => effect.type === "call");
    event = call
      ? { type: "tool_result", tool: call.tool, key: call.key, ok: true, output: { total: 1 }, durationMs: 0 }
      : { type: "preset", values: {} };
  }
  if (state.pending?.kind !== "confirm" || Object.keys(state.lookups).length !== BLOCKS) throw new Error("the generated skill did not reach its confirm with every lookup cached");
  return state;
}

/** Median of step / trivial invoke around it, over `samples` interleaved samples. */
export async function measurePureStep(trivial, samples, warmup, median) {
  const { skill, steps } = generatedSkill();
  const options = { digestKey: new Uint8Array(32).fill(7) };
  const state = atConfirm(skill, options);
  const event = { type: "text", text: "hm", extraction: { ok: true, values: {} } };
  const ratios = [];
  const times = [];
  const bases = [];
  for (let i = 0; i < warmup + samples; i += 1) {
    const before = await trivial();
    const t = performance.now();
    const result = step(skill, state, event, options);
    const ms = performance.now() - t;
    const base = (before + (await trivial())) / 2;
    // The same stop every time, and no tool asked for: the figure never comes from doing less.
    if (result.state.pending?.kind !== "confirm" || result.effects.some((effect) => effect.type === "call")) throw new Error("the pure step did not stop at the confirm from the cache");
    if (i < warmup) continue;
    ratios.push(ms / base);
    times.push(ms);
    bases.push(base);
  }
  return { steps, lookups: BLOCKS, ratio: median(ratios), turn: median(times), base: median(bases) };
}

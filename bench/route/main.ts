/**
 * `npm run bench:route [-- --tasks FILE]`: what a model call costs as the hosted skills grow, and
 * whether the skills the prompt describes in full hold the one a message needs. No model, no network.
 *
 * 1. Input tokens per call by part (instructions, fields, routing menu, schema, message) for the
 *    conference trip alone, the retail skills, and the retail skills with 40 and 90 generated ones
 *    (`generate-skills.ts`): an opening message and one with the skill in progress (`measure-calls.ts`);
 *    then the growth per added skill, whose goal is at most 40 tokens.
 * 2. Routing recall over a τ²-bench task file (default: the train split), goal at least 98%, misses
 *    listed (`recall.ts`); then, not a goal, the same with the 90 generated skills hosted too.
 *
 * Exit code 1 when a goal is not met, 2 for a bad option or file (one sentence on stderr).
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { retailTools } from "../../skills/retail/tools.js";
import { createRetailStore } from "../../skills/retail/store/retail-store.js";
import { loadRetailSkills } from "../tau/load-skills.js";
import { defaultTasksFile, readTasks } from "../tau/read-tasks.js";
import { generateSkills } from "./generate-skills.js";
import { measureCalls, PARTS, type MeasuredCall } from "./measure-calls.js";
import { measureRecall } from "./recall.js";

export const GROWTH_GOAL = 40;
export const RECALL_GOAL = 0.98;

const n = (x: number) => x.toLocaleString("en-US");

export async function main(argv: string[], print: (line: string) => void = console.log): Promise<number> {
  let file: string;
  try {
    file = parseArgs({ args: argv, options: { tasks: { type: "string" } } }).values.tasks ?? defaultTasksFile();
    readTasks(file);
  } catch (error) {
    console.error(`bench:route: ${(error as Error).message}`);
    return 2;
  }
  const sets = await hostSets();
  print("bench:route: input tokens of one model call by part (cl100k_base, serialized as bench:cost), no model");
  print(`${"hosted".padEnd(26)}${"call".padEnd(13)}${PARTS.map((p) => p.padStart(13)).join("")}${"total".padStart(8)}  described in full`);
  const measured = new Map<string, MeasuredCall[]>();
  for (const set of sets) {
    const calls = await measureCalls(set.spec);
    measured.set(set.label, calls);
    for (const call of calls) {
      print(`${set.label.padEnd(26)}${call.kind.padEnd(13)}${PARTS.map((p) => n(call.parts[p]).padStart(13)).join("")}${n(call.total).padStart(8)}  ${call.full.join(", ") || "–"}`);
    }
  }
  const growth = growthPerSkill(measured.get(sets[1]!.label)!, measured.get(sets[3]!.label)!, sets[3]!.added);
  print("");
  print(`growth per added skill (${sets[1]!.label} → ${sets[3]!.label}): ${growth.map((g) => `${g.kind} ${g.perSkill.toFixed(1)}`).join(", ")} tokens (goal ≤ ${GROWTH_GOAL})`);
  const retail = await loadRetailSkills();
  const rows = await measureRecall(readTasks(file), retail);
  const counted = rows.filter((r) => r.needed);
  const hits = counted.filter((r) => r.hit).length;
  const recall = counted.length ? hits / counted.length : 1;
  print("");
  print(`routing recall on ${file}: ${hits} of ${counted.length} opening messages describe the needed skill in full (${(100 * recall).toFixed(1)}%, goal ≥ ${100 * RECALL_GOAL}%); ` +
    `${rows.length - counted.length} tasks write nothing and need no skill: ${rows.filter((r) => !r.needed).map((r) => r.id).join(" ") || "none"}`);
  for (const miss of counted.filter((r) => !r.hit)) print(`  miss: task ${miss.id} needs ${miss.needed}; described in full: ${miss.full.join(", ")}`);
  const diluted = (await measureRecall(readTasks(file), retail, await generateSkills(90))).filter((r) => r.needed);
  const dilutedMisses = diluted.filter((r) => !r.hit).map((r) => r.id);
  print(`also measured, not a goal: with the 90 generated skills hosted too, ${diluted.length - dilutedMisses.length} of ${diluted.length}` +
    `${dilutedMisses.length ? ` (misses: ${dilutedMisses.join(" ")})` : ""}`);
  const met = growth.every((g) => g.perSkill <= GROWTH_GOAL) && recall >= RECALL_GOAL;
  print("");
  print(`goals ${met ? "met" : "NOT met"}`);
  return met ? 0 : 1;
}

/** Tokens added per hosted skill, call by call, from `base` to `more` (`added` skills more). Pure. */
export function growthPerSkill(base: MeasuredCall[], more: MeasuredCall[], added: number): Array<{ kind: string; perSkill: number }> {
  return base.map((call, i) => ({ kind: call.kind, perSkill: (more[i]!.total - call.total) / added }));
}

async function hostSets() {
  const retail = await loadRetailSkills();
  const tools = retailTools(createRetailStore());
  const opening = { text: "I want to cancel my order #W2611340, I don't need it anymore.", skill: "cancel-order" };
  const next = "I'll give you my name and zip code: Yusuf Rossi, 19122.";
  const withGenerated = async (count: number) => ({
    label: `retail + ${count} generated`, added: count,
    spec: { skills: [...retail.skills, ...(await generateSkills(count))], tools, opening, next },
  });
  const trip = fileURLToPath(new URL("../../skills/conference-trip", import.meta.url));
  return [
    { label: "conference-trip alone", added: 0, spec: { skills: [trip], opening: { text: "Book me for the Lisbon AI Summit, 3 nights", skill: "conference-trip" }, next: "Actually, make it 4 nights" } },
    { label: `retail (${retail.skills.length} skills)`, added: 0, spec: { skills: retail.skills, tools, opening, next } },
    await withGenerated(40),
    await withGenerated(90),
  ];
}

/**
 * One task, start to verdict: the expected database (the ground truth replayed on a fresh copy), the
 * conversation (a hand-written one for a refusal or a hand-off when there is one, else the scripted
 * person), and the comparison of the final database with the expected one. The conversation runs on
 * the task's own store; only the comparison reads it, after the conversation ended.
 */
import { readRetailDb } from "../../skills/retail/store/db-file.js";
import type { RetailDb } from "../../skills/retail/store/model.js";
import { createRetailStore } from "../../skills/retail/store/retail-store.js";
import { describeDifference, firstDifference } from "./first-difference.js";
import type { RetailSkills } from "./load-skills.js";
import { personaOf, type Persona } from "./persona.js";
import { meter } from "./persona-port.js";
import { expectedOf, type TauTask } from "./read-tasks.js";
import { HAND_SCRIPTS, runHandScript } from "./run-hand-script.js";
import { runPersona } from "./run-persona.js";

export interface TaskResult {
  id: string;
  pass: boolean;
  /** How the conversation was written: by the scripted person, by hand, or not at all. */
  by: "person" | "hand" | "none";
  /** The first difference from the expected database, when there is one. */
  difference?: string;
  /** Why a request did not get its write, or what a hand-written script expected and did not see. */
  notes: string[];
  writes: string[];
  calls: number;
  tokens: number;
  /** The input tokens of each model call, in order. */
  perCall: number[];
  db: RetailDb;
}

/** The right outcome is no change or a transfer: a script written by hand from the task says it. */
function wantsHandScript(persona: Persona): boolean {
  return persona.requests.every((r) => r.refused) || persona.requests.some((r) => r.tool === "transfer_to_human_agents");
}

export async function runTask(task: TauTask, retail: RetailSkills): Promise<TaskResult> {
  const fresh = readRetailDb();
  const expected = expectedOf(task);
  const persona = personaOf(task, fresh, expected.outcomes);
  const store = createRetailStore();
  const script = HAND_SCRIPTS.get(task.id);
  let run: { notes: string[]; writes: string[]; misses: string[]; calls: number; tokens: number; perCall: number[]; by: TaskResult["by"] };
  if (wantsHandScript(persona) && script) {
    const hand = await runHandScript(script, retail, store);
    run = { ...hand, misses: [], ...meter(hand.model), by: "hand" };
  } else if (persona.requests.length === 0) {
    run = { notes: ["its right outcome writes nothing, and no conversation for it is written by hand yet"], writes: [], misses: [], calls: 0, tokens: 0, perCall: [], by: "none" };
  } else {
    const own = await runPersona(task, persona, retail, store);
    run = { notes: own.notes, writes: own.writes, misses: own.misses, ...meter(own.port.model), by: "person" };
  }
  const difference = firstDifference(store.db, expected.db);
  // The database alone would pass a task whose only request changes nothing in the end (task 105, whose
  // write the benchmark refuses): it passes only when every request reached a skill, and a refused one
  // ended at the flow's refusal (run-persona.ts), not wherever the person got stuck.
  const unexpressed = run.notes.some((n) => n.startsWith("no skill for"));
  const pass = run.by !== "none" && !difference && !unexpressed && run.misses.length === 0 && (run.by !== "hand" || run.notes.length === 0);
  const { misses: _misses, ...shown } = run;
  return { id: task.id, pass, ...shown, ...(difference ? { difference: describeDifference(difference) } : {}), db: store.db };
}

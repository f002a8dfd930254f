/**
 * `bench:tau` offline: every task of the file through the skills (run-task.ts) and through the ReAct
 * arm, the report printed, and with `out` each task's final database written to `out/<task id>.json`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadRetailSkills } from "./load-skills.js";
import { runReactArm } from "./react-arm.js";
import type { TauTask } from "./read-tasks.js";
import { reportLines, type ReactFigures } from "./report.js";
import { runTask, type TaskResult } from "./run-task.js";

export interface OfflineOptions {
  out?: string | undefined;
  /** Skip the ReAct arm (its figures are then left out). */
  noReact?: boolean | undefined;
  print?: (line: string) => void;
}

export async function runOffline(tasks: TauTask[], options: OfflineOptions = {}): Promise<{ results: TaskResult[]; react: Map<string, ReactFigures>; lines: string[] }> {
  const print = options.print ?? ((line: string) => console.log(line));
  const retail = await loadRetailSkills();
  print(`skills: ${retail.skills.map((s) => s.name).join(", ")}`);
  for (const broken of retail.broken) print(`left out, does not load: ${broken}`);
  if (options.out) mkdirSync(options.out, { recursive: true });
  const results: TaskResult[] = [];
  const react = new Map<string, ReactFigures>();
  for (const task of tasks) {
    const result = await runTask(task, retail);
    results.push(result);
    if (options.out) writeFileSync(join(options.out, `${task.id}.json`), `${JSON.stringify(result.db, null, 1)}\n`);
    if (!options.noReact) react.set(task.id, await runReactArm(task));
  }
  const lines = reportLines(results, react);
  print("");
  for (const line of lines) print(line);
  return { results, react, lines };
}

/**
 * `npm run bench:tau [-- options]`: τ²-bench retail tasks through the retail skills.
 *
 *   --tasks FILE        a task file of the benchmark's format (default skills/retail/data/tasks-train.json)
 *   --only ID,ID        only these tasks
 *   --out DIR           write each task's final database to DIR/<task id>.json
 *   --no-react          leave the ReAct arm out
 *   --live              a model plays the person and a model extracts: needs --model and --user-model
 *   --model SPEC        the extraction model (gemini:<name>, as `flow chat --model`)
 *   --user-model SPEC   the model that plays the person
 *   -k N                runs per task in live mode (default 1): pass^1 … pass^k
 *
 * A bad option or file is one sentence on stderr and exit code 2.
 */
import { parseArgs } from "node:util";
import { defaultTasksFile, readTasks } from "./read-tasks.js";
import { runOffline } from "./offline.js";
import { runLive } from "./live.js";

export async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseArgs({
      args: argv,
      options: {
        tasks: { type: "string" }, only: { type: "string" }, out: { type: "string" }, "no-react": { type: "boolean" },
        live: { type: "boolean" }, model: { type: "string" }, "user-model": { type: "string" }, k: { type: "string", short: "k" },
      },
    }).values;
  } catch (error) {
    console.error(`bench:tau: ${(error as Error).message}`);
    return 2;
  }
  try {
    const file = options.tasks ?? defaultTasksFile();
    const only = options.only?.split(",").map((s) => s.trim()).filter(Boolean);
    const tasks = readTasks(file).filter((t) => !only || only.includes(t.id));
    if (!options.live) {
      console.log(`bench:tau: ${tasks.length} tasks of ${file}, offline (a scripted person and extractor)`);
      await runOffline(tasks, { out: options.out, noReact: options["no-react"] });
      return 0;
    }
    const k = Number(options.k ?? "1");
    if (!Number.isInteger(k) || k < 1) throw new Error(`-k takes a whole number of runs per task, not ${options.k}`);
    if (!options.model || !options["user-model"]) throw new Error("--live needs --model (the extractor) and --user-model (the person), such as gemini:gemini-2.5-flash");
    console.log(`bench:tau: ${tasks.length} tasks of ${file}, live: ${k} run(s) each, ${options.model} extracting, ${options["user-model"]} as the person`);
    await runLive(tasks, { model: options.model, userModel: options["user-model"], k, out: options.out });
    return 0;
  } catch (error) {
    console.error(`bench:tau: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

/**
 * The benchmark's tasks (τ²-bench's task file format) and what the runner needs from each: its
 * ground-truth actions, its user scenario, and the database those actions give on a fresh copy of
 * db.json (the benchmark's database criterion). Reads files only here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readRetailDb, retailDataDir } from "../../skills/retail/store/db-file.js";
import type { RetailDb } from "../../skills/retail/store/model.js";
import { replayActions, type Action, type Outcome } from "../../skills/retail/store/replay.js";

export interface TauTask {
  id: string;
  user_scenario: {
    persona?: string | null;
    instructions: {
      task_instructions?: string | null;
      reason_for_call?: string | null;
      known_info?: string | null;
      unknown_info?: string | null;
    };
  };
  evaluation_criteria: { actions?: Action[] | null };
}

/** The store's writes, by the benchmark's names: an action of these changes the database. */
export const WRITE_TOOLS = new Set([
  "cancel_pending_order", "modify_pending_order_address", "modify_pending_order_payment", "modify_pending_order_items",
  "exchange_delivered_order_items", "return_delivered_order_items", "modify_user_address", "transfer_to_human_agents",
]);

/** The default split: the train tasks vendored beside the database. */
export function defaultTasksFile(): string {
  return join(retailDataDir(), "tasks-train.json");
}

/** The tasks of `file`; a file that is not a list of tasks with ids is refused with one sentence. */
export function readTasks(file: string): TauTask[] {
  let tasks: unknown;
  try {
    tasks = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read the tasks in ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!Array.isArray(tasks) || tasks.some((t) => typeof t?.id !== "string" || typeof t?.user_scenario !== "object")) {
    throw new Error(`${file} is not a τ²-bench task file: a list of tasks, each with an id and a user_scenario`);
  }
  return tasks as TauTask[];
}

export function actionsOf(task: TauTask): Action[] {
  return task.evaluation_criteria?.actions ?? [];
}

/** The expected database: the ground-truth actions replayed on a fresh copy, and what each gave. */
export function expectedOf(task: TauTask): { db: RetailDb; outcomes: Outcome[] } {
  const db = readRetailDb();
  return { db, outcomes: replayActions(db, actionsOf(task)) };
}

/**
 * Routing recall, without a model: for every task of a τ²-bench task file, the opening message as
 * bench:tau opens it (the scenario's `reason_for_call` and `known_info`) goes, as the first message of
 * a conversation, through a flow hosting the retail skills; whether the skill the task needs (the one
 * that makes its first ground-truth write, or hands off with its `transfer_to_human_agents`) is among
 * those the prompt describes in full. A task whose ground truth writes nothing needs no skill and is
 * not counted. The request is the one the flow builds; the recording model answers nothing.
 */
import type { Skill } from "@skillflow/core";
import { createFlow, type ExtractRequest, type ExtractResult, type ModelPort } from "@skillflow/langgraph";
import { retailTools } from "../../skills/retail/tools.js";
import { createRetailStore } from "../../skills/retail/store/retail-store.js";
import { openingText } from "../tau/answer-fields.js";
import type { RetailSkills } from "../tau/load-skills.js";
import { actionsOf, WRITE_TOOLS, type TauTask } from "../tau/read-tasks.js";

export interface RecallRow {
  id: string;
  /** The skill the task needs; undefined when its ground truth writes nothing. */
  needed?: string;
  /** The skills described in full for its opening message. */
  full: string[];
  hit: boolean;
}

const NO_VALUES: ExtractResult = { extraction: { ok: true, values: {} }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };

/** Each task's row; `more` skills are hosted beside the retail ones (generated ones, to dilute the index). */
export async function measureRecall(tasks: TauTask[], retail: RetailSkills, more: Skill[] = []): Promise<RecallRow[]> {
  let seen: ExtractRequest | undefined;
  const port: ModelPort = { id: "recording", extract: async (request) => ((seen = request), NO_VALUES) };
  const flow = await createFlow({ skills: [...retail.skills, ...more], tools: retailTools(createRetailStore()), model: port });
  const rows: RecallRow[] = [];
  for (const task of tasks) {
    const first = actionsOf(task).find((a) => WRITE_TOOLS.has(a.name));
    const needed = first ? retail.writers.get(first.name)?.[0] : undefined;
    const scenario = { reason: task.user_scenario.instructions.reason_for_call ?? "", known: task.user_scenario.instructions.known_info ?? "" };
    const target = { request: { tool: first?.name ?? "", args: first?.arguments ?? {} }, skill: needed ?? "", binding: {}, gathered: {} };
    seen = undefined;
    await flow.send(`recall-${task.id}`, { text: openingText(target, true, scenario) });
    const full = (seen?.skills ?? []).filter((s) => !s.menu).map((s) => s.name);
    rows.push({ id: task.id, ...(needed ? { needed } : {}), full, hit: needed !== undefined && full.includes(needed) });
  }
  return rows;
}

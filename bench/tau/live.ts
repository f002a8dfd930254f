/**
 * `bench:tau --live`: each task k times with a model playing the person (live-user.ts) and a real
 * extraction model (`--model`, made as `flow chat --model` makes one), on a fresh store per run; each
 * run passes when the final database is the expected one. Prints a row per task (runs passed, tokens
 * per run) and pass^1 … pass^k (pass-hat-k.ts). Models are injectable, so a test runs it offline.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { createFlow, type ModelPort, type TurnResult } from "@skillflow/langgraph";
import { createChatModel, findProvider, resolveModel } from "@skillflow/langgraph/models";
import { createRetailStore } from "../../skills/retail/store/retail-store.js";
import { retailTools } from "../../skills/retail/tools.js";
import { firstDifference, describeDifference } from "./first-difference.js";
import { eventOf, modelUser, showTurn } from "./live-user.js";
import { loadRetailSkills, type RetailSkills } from "./load-skills.js";
import { passHatK } from "./pass-hat-k.js";
import { expectedOf, type TauTask } from "./read-tasks.js";

/** Person messages a run may take. */
const MAX_USER_TURNS = 30;
const GREETING = "Hi! How can I help you today?";

export interface LiveOptions {
  model: string;
  userModel: string;
  k: number;
  out?: string | undefined;
  /** Stand-ins for tests: the extractor, and the person's model for run `run` of a task. */
  extractor?: ModelPort;
  person?: (task: TauTask, run: number) => BaseChatModel;
  print?: (line: string) => void;
}

export interface LiveRun {
  pass: boolean;
  why?: string;
  flowTokens: number;
  userTokens: number;
  calls: number;
}

/** The user model for a spec such as gemini:gemini-2.5-flash. */
async function chatModelFor(spec: string): Promise<BaseChatModel> {
  const at = spec.indexOf(":");
  const provider = findProvider(at < 0 ? spec : spec.slice(0, at));
  if (!provider) throw new Error(`unknown model provider in --user-model ${spec}: use gemini:<name>, openai:<name>, anthropic:<name> or ollama:<name>`);
  return createChatModel(provider, (at < 0 ? "" : spec.slice(at + 1)) || provider.defaultModel, process.env);
}

export async function runLiveTask(task: TauTask, retail: RetailSkills, extractor: ModelPort, person: BaseChatModel): Promise<LiveRun> {
  const store = createRetailStore();
  const flow = await createFlow({ skills: retail.skills, tools: retailTools(store), model: extractor });
  const user = modelUser(person, task);
  let shown = GREETING;
  let last: TurnResult | undefined;
  let rows: Array<Record<string, unknown>> | undefined;
  const run = { flowTokens: 0, calls: 0 };
  for (let turn = 0; turn < MAX_USER_TURNS; turn++) {
    const event = eventOf(await user.next(shown), last, rows);
    if (!event) break;
    last = await flow.send(`live-${task.id}`, event);
    run.flowTokens += last.usage.totalTokens;
    run.calls += last.usage.modelCalls;
    rows = last.widgets.find((w) => w.rows?.length)?.rows ?? (last.pending?.kind === "ask" && last.pending.pick ? rows : undefined);
    shown = showTurn(last);
  }
  const difference = firstDifference(store.db, expectedOf(task).db);
  return { pass: !difference, ...(difference ? { why: describeDifference(difference) } : {}), ...run, userTokens: user.tokens };
}

export async function runLive(tasks: TauTask[], options: LiveOptions): Promise<{ runs: Map<string, LiveRun[]>; passHat: number[] }> {
  const print = options.print ?? ((line: string) => console.log(line));
  const retail = await loadRetailSkills();
  const extractor = options.extractor ?? await resolveModel(options.model);
  const userModel = options.person ? undefined : await chatModelFor(options.userModel);
  const runs = new Map<string, LiveRun[]>();
  print(`${"task".padEnd(6)}${"passed".padEnd(8)}${"calls/run".padStart(10)}${"flow tok/run".padStart(14)}${"user tok/run".padStart(14)}  first failure`);
  for (const task of tasks) {
    const list: LiveRun[] = [];
    for (let r = 0; r < options.k; r++) list.push(await runLiveTask(task, retail, extractor, options.person?.(task, r) ?? userModel!));
    runs.set(task.id, list);
    const mean = (f: (x: LiveRun) => number) => Math.round(list.reduce((a, x) => a + f(x), 0) / list.length);
    print(`${task.id.padEnd(6)}${`${list.filter((x) => x.pass).length}/${list.length}`.padEnd(8)}${String(mean((x) => x.calls)).padStart(10)}` +
      `${mean((x) => x.flowTokens).toLocaleString("en-US").padStart(14)}${mean((x) => x.userTokens).toLocaleString("en-US").padStart(14)}  ${list.find((x) => !x.pass)?.why ?? ""}`);
  }
  const passHat = passHatK([...runs.values()].map((l) => ({ n: l.length, c: l.filter((x) => x.pass).length })), options.k);
  print("");
  print(passHat.map((p, i) => `pass^${i + 1} ${p.toFixed(3)}`).join("   "));
  const all = [...runs.values()].flat();
  print(`cost: ${all.reduce((a, x) => a + x.flowTokens, 0).toLocaleString("en-US")} extraction tokens (${options.model}), ` +
    `${all.reduce((a, x) => a + x.userTokens, 0).toLocaleString("en-US")} person tokens (${options.userModel}), the providers' counts, over ${all.length} runs`);
  return { runs, passHat };
}

/**
 * Running one proof through `createFlow` — the path users get — with the scripted chat model. Each turn
 * queues its scripted reply (if any), sends its event, then checks its expectations. A model call the
 * proof did not script fails the turn, and so does a scripted reply the runtime did not use.
 */
import { createFlow, type Flow } from "../create-flow.js";
import type { LoadedFlowSkill } from "../load-flow-skill.js";
import { ScriptedChatModel } from "../scripted-chat-model.js";
import { checkExpectations } from "./check-expectations.js";
import type { Proof, ProofTurn } from "./proof-types.js";

/** One line of the report. `turn` 0 is the proof's set-up (skill, fixtures). */
export interface ProveCheck {
  turn: number;
  line: number;
  label: string;
  key: string;
  ok: boolean;
  expected: string;
  seen: string;
}

export interface ProofRun {
  file: string;
  title?: string;
  checks: ProveCheck[];
}

export type SkillSource = (path: string) => Promise<LoadedFlowSkill>;

export async function runProof(proof: Proof, load: SkillSource): Promise<ProofRun> {
  const run: ProofRun = { file: proof.file, checks: [], ...(proof.title ? { title: proof.title } : {}) };
  const setup = (key: string, expected: string, seen: string) =>
    run.checks.push({ turn: 0, line: 1, label: "set-up", key, ok: false, expected, seen });
  const model = new ScriptedChatModel();
  let flow: Flow;
  try {
    const { skill, tools } = await load(proof.skill);
    flow = await createFlow({ skill, tools, model, now: proof.fixtures.now, failures: proof.fixtures.fail });
  } catch (error) {
    setup("skill", "the skill loads", messageOf(error));
    return run;
  }
  const thread = `proof:${proof.file}`;
  if (proof.fixtures.answers) {
    try {
      await flow.send(thread, { preset: proof.fixtures.answers });
    } catch (error) {
      setup("fixtures", "the answers apply", messageOf(error));
      return run;
    }
  }
  for (const turn of proof.turns) {
    const ok = await runTurn(flow, model, thread, turn, run.checks);
    if (!ok) break;
  }
  return run;
}

/** Run one turn and add its checks; false when the turn threw (later turns would mean nothing). */
async function runTurn(flow: Flow, model: ScriptedChatModel, thread: string, turn: ProofTurn, checks: ProveCheck[]): Promise<boolean> {
  const at = { turn: turn.index, line: turn.line, label: turn.label };
  if (turn.script !== undefined) model.script(turn.script);
  const unscriptedBefore = model.unscripted;
  try {
    const result = await flow.send(thread, turn.input);
    const values = (await flow.graph.getState({ configurable: { thread_id: thread } })).values;
    const observed = { result, answers: values.flow?.answers ?? {}, pending: values.flow?.pending };
    for (const outcome of checkExpectations(turn.expect, turn.order, observed)) checks.push({ ...at, ...outcome });
  } catch (error) {
    checks.push({ ...at, key: "error", ok: false, expected: "the turn runs", seen: messageOf(error) });
    return false;
  }
  const unscripted = model.unscripted - unscriptedBefore;
  if (unscripted > 0) {
    checks.push({ ...at, key: "model", ok: false, expected: "no model call (none scripted)", seen: `${unscripted} unscripted model call${unscripted > 1 ? "s" : ""}` });
  }
  if (model.takeUnused().length > 0) {
    checks.push({ ...at, key: "model", ok: false, expected: "the scripted model reply is used", seen: "the model was not called" });
  }
  return true;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 4).join(" ");
}

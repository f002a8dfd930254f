/**
 * Drive the turns of a proof file through `createFlow` — the host users get (`createTestFlow` for the
 * proof's `fail:` fixture) — with the scripted model,
 * keeping what `flow prove` does not look at: every turn's full result and the exact prompts the model
 * received on that turn. The guarantee tests make their own assertions over it.
 */
import { fileURLToPath } from "node:url";
import { ScriptedChatModel, type Flow, type FlowInput, type Persistence, type TurnResult } from "@skillflow/langgraph";
import { createTestFlow } from "@skillflow/langgraph/testing";
import type { RecordedPrompt } from "../../packages/langgraph/src/scripted-chat-model.js";
import { readProofFile } from "../../packages/langgraph/src/prove/parse-proof.js";
import type { Proof, ProofTurn } from "../../packages/langgraph/src/prove/proof-types.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface DrivenTurn {
  turn: ProofTurn;
  result: TurnResult;
  /** The prompts the model received during this turn (none for data entry). */
  prompts: RecordedPrompt[];
}

export interface Driven {
  proof: Proof;
  flow: Flow;
  model: ScriptedChatModel;
  thread: string;
  /** The turn that applied the proof's fixture answers, if it has any. */
  preset?: DrivenTurn;
  turns: DrivenTurn[];
}

/**
 * Load the proof's skill afresh (its tools.ts included), then send every turn on `thread` — in memory,
 * or on `store` when given.
 */
export async function driveProof(file: string, thread = "guarantee", store?: Persistence): Promise<Driven> {
  const proof = await readProofFile(`${ROOT}${file}`, file);
  const model = new ScriptedChatModel();
  const flow = await createTestFlow({ skill: proof.skill, model, now: proof.fixtures.now, ...(proof.fixtures.fail ? { failures: proof.fixtures.fail } : {}), ...(store ? { store } : {}) });
  const driven: Driven = { proof, flow, model, thread, turns: [] };
  const send = async (turn: ProofTurn): Promise<DrivenTurn> => {
    if (turn.script !== undefined) model.script(turn.script);
    const before = model.prompts.length;
    const result = await flow.send(thread, turn.input);
    return { turn, result, prompts: model.prompts.slice(before) };
  };
  if (proof.fixtures.answers) {
    const preset: ProofTurn = { index: 0, line: 1, kind: "user", label: "preset", input: { preset: proof.fixtures.answers }, expect: {}, order: [] };
    driven.preset = await send(preset);
  }
  for (const turn of proof.turns) driven.turns.push(await send(turn));
  return driven;
}

/** Every prompt text of a driven conversation (system and person messages), one string per call. */
export function promptTexts(turns: DrivenTurn[]): string[] {
  return turns.flatMap((t) => t.prompts.map((p) => p.messages.map((m) => m.content).join("\n")));
}

/** The names of the tools run on a turn, in order. */
export function toolNames(turn: DrivenTurn): string[] {
  return turn.result.tools.map((t) => t.tool);
}

/** The person's text of a turn, or undefined for a pick, press or approval. */
export function textOf(input: FlowInput): string | undefined {
  return "text" in input && typeof input.text === "string" ? input.text : undefined;
}

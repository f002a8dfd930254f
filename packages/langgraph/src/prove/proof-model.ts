/**
 * The model a proof runs with, one of three: the scripted model (its `model:` replies), a real model
 * being recorded (`record-model.ts`), or a cassette replayed (`replay-cassette.ts`). Each is told when a
 * turn starts and says, when it ends, what went wrong with the model calls of that turn — the same two
 * failures for all three: a call where the proof scripts none (data entry skips the model), and no call
 * where it scripts one.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ScriptedChatModel } from "../scripted-chat-model.js";
import type { ModelPort } from "../understand/model-port.js";
import type { ProofTurn } from "./proof-types.js";

/** A failed `model` (or `cassette`) line of a turn. */
export interface ModelProblem {
  key: "model" | "cassette";
  expected: string;
  seen: string;
}

export interface ProofModel {
  /** What the flow is created with. */
  readonly port: ModelPort | BaseChatModel;
  /** Called before the turn's event is sent. */
  begin(turn: ProofTurn): void;
  /** Called after it ran: the turn's model problems (none when all is well). */
  end(turn: ProofTurn): ModelProblem[];
}

export const NO_CALL_EXPECTED = "no model call (none scripted)";

/** `n unscripted model calls`, as the report says it. Pure. */
export function unscriptedCalls(n: number): ModelProblem {
  return { key: "model", expected: NO_CALL_EXPECTED, seen: `${n} unscripted model call${n > 1 ? "s" : ""}` };
}

/** The proof's own `model:` replies, through a real LangChain chat model (`ScriptedChatModel`). */
export function scriptedProofModel(): ProofModel {
  const model = new ScriptedChatModel();
  let unscriptedBefore = 0;
  return {
    port: model,
    begin(turn) {
      if (turn.script !== undefined) model.script(turn.script);
      unscriptedBefore = model.unscripted;
    },
    end() {
      const problems: ModelProblem[] = [];
      const unscripted = model.unscripted - unscriptedBefore;
      if (unscripted > 0) problems.push(unscriptedCalls(unscripted));
      if (model.takeUnused().length > 0) {
        problems.push({ key: "model", expected: "the scripted model reply is used", seen: "the model was not called" });
      }
      return problems;
    },
  };
}

/**
 * The problems of a turn of a real (or replayed) model that made `calls` calls: the proof scripts one
 * call on a turn with `model:` (or `model_raw:`, `reply:`), and none elsewhere. Pure.
 */
export function callCountProblems(turn: ProofTurn, calls: number): ModelProblem[] {
  const scripted = turn.script === undefined ? 0 : 1;
  if (calls > scripted) return [unscriptedCalls(calls - scripted)];
  if (calls < scripted) return [{ key: "model", expected: "a model call (the turn scripts one)", seen: "the model was not called" }];
  return [];
}

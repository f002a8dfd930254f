/**
 * Replaying a cassette (`flow prove` when `x.cassette.json` sits beside `x.proof.yaml`): each model call
 * is answered with the next recorded reply, as recorded, with no network. A call is answered only when it
 * is the one the cassette recorded next — on the same turn, with the same prompt to the byte. Anything
 * else (the skill, its questions or the prompt changed; the runtime calls the model on another turn) is
 * a `cassette` failure that says to record again; the proof's scripted `model:` replies are never used
 * in its place.
 */
import type { ExtractRequest, ExtractResult, ModelPort } from "../understand/model-port.js";
import type { Cassette, CassetteCall } from "./proof-cassette.js";
import { callCountProblems, type ModelProblem, type ProofModel } from "./proof-model.js";
import { requestOf } from "./record-model.js";

/** Where the cassette is and how to record it again, for the failure sentences. */
export interface ReplaySource {
  proof: string;
  cassette: string;
}

/** Thrown into the run when a call does not match the cassette (the turn then fails on `cassette`). */
export class CassetteMismatch extends Error {
  override name = "CassetteMismatch";
}

export function replayModel(cassette: Cassette, source: ReplaySource): ProofModel {
  let next = 0;
  let turn = 0;
  let made = 0;
  let mismatch: string | undefined;
  const again = `record again: flow prove ${source.proof} --model ${cassette.model} --record`;
  const refuse = (reason: string): never => {
    mismatch = `${reason}; ${again}`;
    throw new CassetteMismatch(mismatch);
  };
  const port: ModelPort = {
    id: cassette.model,
    async extract(request: ExtractRequest): Promise<ExtractResult> {
      made += 1;
      const call = cassette.calls[next];
      if (call?.turn !== turn) refuse(`the model was called on turn ${turn}, where the cassette recorded no call`);
      const differs = describeDifference(call!.request, requestOf(request));
      if (differs) refuse(`the prompt differs from the one recorded (${differs})`);
      next += 1;
      return structuredClone(call!.reply);
    },
  };
  return {
    port,
    begin(now) {
      turn = now.index;
      made = 0;
      mismatch = undefined;
    },
    end(done): ModelProblem[] {
      const expected = `the model calls recorded in ${source.cassette}`;
      if (mismatch) return [{ key: "cassette", expected, seen: mismatch }];
      if (cassette.calls[next]?.turn === done.index) {
        return [{ key: "cassette", expected, seen: `the runtime made ${made} of the calls recorded on turn ${done.index}; ${again}` }];
      }
      return callCountProblems(done, made);
    },
  };
}

/** The first line where the recorded and the present prompt differ, or undefined when they are equal. Pure. */
export function describeDifference(recorded: CassetteCall["request"], now: CassetteCall["request"]): string | undefined {
  for (const part of ["system", "user"] as const) {
    if (recorded[part] === now[part]) continue;
    const was = recorded[part].split("\n");
    const is = now[part].split("\n");
    const line = was.findIndex((text, i) => text !== is[i]);
    const at = line < 0 ? was.length : line;
    return `${part} line ${at + 1}: recorded ${quote(was[at])}, now ${quote(is[at])}`;
  }
  return undefined;
}

function quote(line: string | undefined): string {
  if (line === undefined) return "nothing";
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 77)}…` : line);
}

/**
 * One proof's runs. Without a model: the run with its scripted replies, then — when a cassette sits
 * beside it — a second run replaying the cassette. Both must pass: the scripted run proves the runtime
 * whatever a model says (an overreaching model included), the replay proves the skill with the replies a
 * real model gave. With a model (`--model`): one run against it, the per-field tally against the
 * scripted replies, and with `record` the cassette written when every check passed.
 */
import type { ModelPort } from "../understand/model-port.js";
import { matchExtractions } from "./match-extractions.js";
import { cassettePathOf, writeCassette, type Cassette } from "./proof-cassette.js";
import type { Proof } from "./proof-types.js";
import { recordingModel } from "./record-model.js";
import { replayModel } from "./replay-cassette.js";
import { runProof, type ProofRun, type SkillSource } from "./run-proof.js";

/** A real model to run proofs against; `record` writes their cassettes. */
export interface LiveModel {
  port: ModelPort;
  record: boolean;
}

/** `path` is the proof file's absolute path (the cassette goes beside it). */
export async function proveOne(proof: Proof, path: string, load: SkillSource, cassette?: Cassette, live?: LiveModel): Promise<ProofRun[]> {
  if (live) return [await recordOne(proof, path, load, live)];
  const runs = [await runProof(proof, load)];
  if (cassette) {
    const shown = cassettePathOf(proof.file);
    const replay = await runProof(proof, load, replayModel(cassette, { proof: proof.file, cassette: shown }));
    runs.push({ ...replay, replayed: { cassette: shown, model: cassette.model } });
  }
  return runs;
}

async function recordOne(proof: Proof, path: string, load: SkillSource, live: LiveModel): Promise<ProofRun> {
  const recorder = recordingModel(live.port);
  const run = await runProof(proof, load, recorder);
  const failed = run.checks.filter((check) => !check.ok).length;
  const reason = !live.record
    ? "--record not given"
    : failed > 0
      ? `${failed} check${failed > 1 ? "s" : ""} failed`
      : recorder.calls.length === 0
        ? "the proof made no model call"
        : undefined;
  if (reason === undefined) await writeCassette(cassettePathOf(path), recorder.cassette());
  const fields = matchExtractions(proof.turns, recorder.calls);
  const cassette = cassettePathOf(proof.file);
  run.recorded = { model: live.port.id, cassette, written: reason === undefined, fields, ...(reason ? { reason } : {}) };
  return run;
}

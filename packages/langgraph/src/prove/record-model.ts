/**
 * Recording a proof against a real model (`flow prove --model … --record`): every call goes to the
 * model port given, and is kept as a cassette entry — the turn, the prompt the model saw (built by the
 * same `buildExtractPrompt` the chat-model port sends; the runtime hid any secret from the text before),
 * and the port's answer. The runtime is handed the answer as it is written to the cassette (a JSON copy),
 * so the recorded run and every replay see the same bytes.
 */
import type { ClockedModelPort } from "../models/clocked-port.js";
import { buildExtractPrompt } from "../understand/build-extract-prompt.js";
import type { ExtractRequest, ExtractResult, ModelPort } from "../understand/model-port.js";
import { CASSETTE_VERSION, type Cassette, type CassetteCall } from "./proof-cassette.js";
import { callCountProblems, type ProofModel } from "./proof-model.js";

export interface RecordingModel extends ProofModel {
  /** The calls made so far, as the cassette will hold them. */
  readonly calls: readonly CassetteCall[];
  cassette(): Cassette;
}

/** Run the proof through `port`, recording each call. */
export function recordingModel(port: ModelPort): RecordingModel {
  const calls: CassetteCall[] = [];
  let turn = 0;
  let before = 0;
  const record = (inner: ModelPort): ModelPort & Partial<ClockedModelPort> => {
    const clocked = inner as Partial<ClockedModelPort>;
    return {
      id: inner.id,
      async extract(request: ExtractRequest): Promise<ExtractResult> {
        const at = turn;
        const reply = JSON.parse(JSON.stringify(await inner.extract(request))) as ExtractResult;
        calls.push({ turn: at, request: requestOf(request), reply });
        return reply;
      },
      // A port that reads dates against a clock (the offline extractor) keeps the proof's `now:`.
      ...(typeof clocked.withClock === "function" ? { withClock: (now: () => string) => record(clocked.withClock!(now)) } : {}),
    };
  };
  return {
    port: record(port),
    calls,
    begin(next) {
      turn = next.index;
      before = calls.length;
    },
    end(done) {
      return callCountProblems(done, calls.length - before);
    },
    cassette: () => ({ version: CASSETTE_VERSION, model: port.id, calls: [...calls] }),
  };
}

/** What the model sees for `request`: the extraction prompt's two messages. Pure. */
export function requestOf(request: ExtractRequest): CassetteCall["request"] {
  const { system, user } = buildExtractPrompt(request);
  return { system, user };
}

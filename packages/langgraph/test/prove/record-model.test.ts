/**
 * The recording port in isolation: it records what the model saw and the JSON copy it hands on, and a
 * port that reads dates against a clock (the offline extractor) still gets the flow's clock through it.
 */
import { describe, expect, it } from "vitest";
import { withFlowClock } from "../../src/models/clocked-port.js";
import { recordingModel } from "../../src/prove/record-model.js";
import type { ProofTurn } from "../../src/prove/proof-types.js";
import type { ExtractRequest, ModelPort } from "../../src/understand/model-port.js";

const request: ExtractRequest = { skill: { name: "trip", description: "Book a trip." }, fields: [{ name: "nights", shape: { kind: "number" } }], text: "3 nights" };
const turn = { index: 2, script: { nights: 3 } } as unknown as ProofTurn;

describe("recordingModel", () => {
  it("hands the flow's clock to a clocked port and records each call on its turn", async () => {
    const seen: string[] = [];
    const clocked: ModelPort & { withClock(now: () => string): ModelPort } = {
      id: "offline",
      extract: async () => ({ extraction: { ok: true, values: {} }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } }),
      withClock: (now) => ({ id: "offline", extract: async () => (seen.push(now()), { extraction: { ok: true, values: { nights: 3 } }, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }) }),
    };
    const recorder = recordingModel(clocked);
    const port = withFlowClock(recorder.port as ModelPort, () => "2027-03-01T09:00:00Z");
    recorder.begin(turn);
    const result = await port.extract(request);
    expect(seen).toEqual(["2027-03-01T09:00:00Z"]);
    expect(result.extraction).toEqual({ ok: true, values: { nights: 3 } });
    expect(recorder.end(turn)).toEqual([]);
    expect(recorder.calls).toEqual([{ turn: 2, request: { system: expect.stringContaining("- nights: "), user: "3 nights" }, reply: result }]);
  });

  it("hands on the reply as recorded: a JSON copy, so a replay gives the same bytes", async () => {
    const port: ModelPort = {
      id: "gemini:x",
      extract: async () => ({ extraction: { ok: true, values: { nights: 3, note: undefined } }, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } }),
    };
    const recorder = recordingModel(port);
    recorder.begin(turn);
    const result = await (recorder.port as ModelPort).extract(request);
    expect(Object.keys(result.extraction.ok ? result.extraction.values : {})).toEqual(["nights"]);
    expect(recorder.cassette()).toEqual({ version: 1, model: "gemini:x", calls: [expect.objectContaining({ reply: result })] });
  });
});

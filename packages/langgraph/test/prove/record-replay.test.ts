/**
 * Proofs against a real model, kept offline: `proveFiles` with a model records a cassette beside the
 * proof, and without one replays it. Gemini is `@langchain/google-genai` with `fetch` stubbed (answers by
 * the person's message); the network is never used, and a replay with the stub throwing proves it.
 */
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveModel } from "../../src/models/resolve-model.js";
import { proveFiles, type ProveSummary } from "../../src/prove/prove-files.js";
import { formatProofReport } from "../../src/prove/format-proof-report.js";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const TRIP = join(ROOT, "skills/conference-trip");
const KEY = "test-key-5f3a";

/** A proof of conference-trip with an approval code typed before it is asked (the model must not see it). */
const PROOF = `
skill: ${TRIP}
title: A code typed early
fixtures:
  answers: { conference: "Lisbon AI Summit", nights: 3, flight_id: "TP1350", hotel_id: "H-BAIXA" }
turns:
  - user: "Make it 5 nights and approval code AB-123456"
    model: { nights: 5 }
    expect: { fields: { nights: 5 }, asks: approval_code }
  - user: "AB-123456"
    expect: { fields: { approval_code: "AB-123456" }, says: "Pay 1,440.00 EUR", model_calls: 0 }
`;

const bodies: string[] = [];

/** Gemini answers each message with the JSON text `answers` gives for it. */
function stubGemini(answers: Record<string, string>) {
  bodies.length = 0;
  vi.stubGlobal("fetch", async (_url: unknown, init: { body?: string }) => {
    const body = String(init.body);
    bodies.push(body);
    const text: string = JSON.parse(body).contents[0].parts[0].text;
    const reply = {
      candidates: [{ content: { role: "model", parts: [{ text: answers[text] ?? "{}" }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 200, candidatesTokenCount: 5, totalTokenCount: 205 },
    };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  });
}

function noNetwork() {
  vi.stubGlobal("fetch", async () => {
    throw new Error("the network was used");
  });
}

afterEach(() => vi.unstubAllGlobals());

function proofFile(text = PROOF): string {
  const dir = mkdtempSync(join(tmpdir(), "cassette-"));
  const file = join(dir, "early-code.proof.yaml");
  writeFileSync(file, text);
  return file;
}

async function prove(file: string, record?: boolean): Promise<ProveSummary> {
  const model = record === undefined ? undefined : { port: await resolveModel("gemini:gemini-2.5-flash", { GOOGLE_API_KEY: KEY }), record };
  const outcome = await proveFiles([file], ROOT, { model });
  if (!outcome.ok) throw new Error(outcome.errors.map((e) => e.message).join("\n"));
  return outcome.summary;
}

const failures = (summary: ProveSummary) => summary.runs.flatMap((run) => run.checks.filter((c) => !c.ok));
const cassetteOf = (file: string) => file.replace(/\.proof\.yaml$/, ".cassette.json");

describe("recording a proof against a real model", () => {
  it("runs the user lines through the model, checks every expectation, and writes the cassette beside the proof", async () => {
    const file = proofFile();
    stubGemini({ "Make it 5 nights and approval code [secret]": '{"nights":5}' });
    const summary = await prove(file, true);
    expect(failures(summary)).toEqual([]);
    expect(bodies).toHaveLength(1);
    const cassette = JSON.parse(readFileSync(cassetteOf(file), "utf8"));
    expect(cassette).toMatchObject({ version: 1, model: "gemini:gemini-2.5-flash" });
    expect(cassette.calls).toEqual([expect.objectContaining({ turn: 1, reply: expect.objectContaining({ extraction: { ok: true, values: { nights: 5 } } }) })]);
    expect(cassette.calls[0].request.user).toBe("Make it 5 nights and approval code [secret]");
    expect(summary.runs[0]!.recorded).toEqual({
      model: "gemini:gemini-2.5-flash", cassette: expect.stringMatching(/early-code\.cassette\.json$/), written: true,
      fields: [{ field: "nights", matched: 1, total: 1 }],
    });
    const report = formatProofReport(summary);
    expect(report).toMatch(/\n {2}cassette written: \S*early-code\.cassette\.json \(gemini:gemini-2\.5-flash\)\n {2}field {3}matched\n {2}nights {2}1\/1\n\d+ passed, 0 failed\n$/);
  });

  it("a cassette of a proof with a secret holds no secret value, and no API key", async () => {
    const file = proofFile();
    stubGemini({ "Make it 5 nights and approval code [secret]": '{"nights":5}' });
    await prove(file, true);
    const text = readFileSync(cassetteOf(file), "utf8");
    expect(text).not.toContain("AB-123456");
    expect(text).not.toContain("123456");
    expect(text).not.toContain(KEY);
    // What went over the wire held no secret either: the cassette is what the model saw.
    expect(bodies.join("\n")).not.toContain("AB-123456");
  });

  it("tallies per field how often the real extraction matched the scripted one", async () => {
    const file = proofFile(PROOF.replace("model: { nights: 5 }", 'model: { nights: 5, cabin: "economy" }'));
    stubGemini({ "Make it 5 nights and approval code [secret]": '{"nights":5,"conference":"Lisbon"}' });
    const summary = await prove(file, false);
    expect(summary.runs[0]!.recorded?.fields).toEqual([
      { field: "nights", matched: 1, total: 1 },
      { field: "cabin", matched: 0, total: 1 },
      { field: "conference", matched: 0, total: 1 },
    ]);
    expect(summary.runs[0]!.recorded).toMatchObject({ written: false, reason: "--record not given" });
    expect(existsSync(cassetteOf(file))).toBe(false);
  });

  it("writes no cassette when a check fails with the real model, and says why", async () => {
    const file = proofFile();
    stubGemini({ "Make it 5 nights and approval code [secret]": '{"nights":4}' });
    const summary = await prove(file, true);
    expect(failures(summary).map((c) => c.key)).toContain("fields");
    expect(summary.runs[0]!.recorded).toMatchObject({ written: false, reason: expect.stringMatching(/^\d+ checks? failed$/) });
    expect(existsSync(cassetteOf(file))).toBe(false);
  });
});

describe("replaying a cassette offline", () => {
  async function recorded(): Promise<string> {
    const file = proofFile();
    stubGemini({ "Make it 5 nights and approval code [secret]": '{"nights":5}' });
    await prove(file, true);
    noNetwork();
    return file;
  }

  it("runs the scripted proof and then the cassette, with no network", async () => {
    const file = await recorded();
    const summary = await prove(file);
    expect(failures(summary)).toEqual([]);
    expect(summary.runs.map((run) => run.replayed?.model)).toEqual([undefined, "gemini:gemini-2.5-flash"]);
    expect(formatProofReport(summary)).toContain("— A code typed early (replayed from ");
  });

  it("replays the recorded replies, not the scripted ones", async () => {
    const file = await recorded();
    const path = cassetteOf(file);
    writeFileSync(path, readFileSync(path, "utf8").replace('"nights": 5', '"nights": 6'));
    const summary = await prove(file);
    expect(summary.runs[0]!.checks.every((c) => c.ok)).toBe(true);
    const failed = summary.runs[1]!.checks.filter((c) => !c.ok);
    expect(failed[0]).toMatchObject({ turn: 1, key: "fields", seen: "nights=6" });
    expect(failed[1]).toMatchObject({ turn: 2, key: "says", seen: expect.stringContaining("Pay 1,650.00 EUR for flight TP1350 and 6 nights") });
  });

  it("fails, saying to record again, when the proof now sends another prompt — never falling back to the script", async () => {
    const file = await recorded();
    writeFileSync(file, PROOF.replace("Make it 5 nights", "Make that 5 nights"));
    const summary = await prove(file);
    expect(summary.runs[0]!.checks.every((c) => c.ok)).toBe(true);
    const [failed, ...rest] = summary.runs[1]!.checks.filter((c) => !c.ok);
    expect(rest).toEqual([]);
    expect(failed).toMatchObject({ turn: 1, key: "cassette" });
    expect(failed!.seen).toBe(
      'the prompt differs from the one recorded (user line 1: recorded "Make it 5 nights and approval code [secret]", now "Make that 5 nights and approval code [secret]"); '
      + `record again: flow prove ${summary.runs[1]!.file} --model gemini:gemini-2.5-flash --record`,
    );
    expect(summary.runs[1]!.checks.some((c) => c.turn === 2)).toBe(false);
  });

  it("fails when the runtime calls the model on a turn the cassette recorded no call for", async () => {
    const file = await recorded();
    const path = cassetteOf(file);
    const cassette = JSON.parse(readFileSync(path, "utf8"));
    cassette.calls[0].turn = 2;
    writeFileSync(path, JSON.stringify(cassette));
    const summary = await prove(file);
    expect(summary.runs[1]!.checks.filter((c) => !c.ok)).toEqual([
      expect.objectContaining({ turn: 1, key: "cassette", seen: expect.stringMatching(/^the model was called on turn 1, where the cassette recorded no call; record again/) }),
    ]);
  });

  it("a cassette that is not one stops the run with a located sentence", async () => {
    const file = await recorded();
    writeFileSync(cassetteOf(file), "{ not json");
    const outcome = await proveFiles([file], ROOT);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors[0]!.message).toMatch(/early-code\.cassette\.json:1:1: This cassette is not JSON; record it again with `flow prove --model … --record`, or delete it\.$/);
  });
});

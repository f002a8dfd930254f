/**
 * `flow prove --model … --record` and the replay that follows, in memory. Gemini is the real
 * `@langchain/google-genai` client with `fetch` stubbed; the replay runs with `fetch` throwing.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cli } from "../src/cli.js";
import { memoryIo } from "./memory-io.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const ENV = { GOOGLE_API_KEY: "test-key" };

function proofFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "prove-record-"));
  const file = join(dir, "mugs.proof.yaml");
  writeFileSync(file, `skill: ${join(root, "test/fixtures/proofs/mini_shop")}
title: Two mugs, against a model
turns:
  - user: "I'd like some mugs, two please"
    model: { quantity: 2 }
    expect: { fields: { quantity: 2 }, asks: item_id, model_calls: 1 }
`);
  return file;
}

function stubGemini(text: string) {
  vi.stubGlobal("fetch", async () => {
    const reply = {
      candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 4, totalTokenCount: 124 },
    };
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  });
}

afterEach(() => vi.unstubAllGlobals());

async function run(argv: string[], env: Record<string, string> = ENV) {
  const mem = memoryIo(root, { env });
  const code = await cli(argv, mem.io);
  return { code, stdout: mem.stdout(), stderr: mem.stderr() };
}

describe("flow prove --model … --record", () => {
  it("records the cassette, prints the field table, and a later flow prove replays it offline", async () => {
    const file = proofFile();
    stubGemini('{"quantity":2}');
    const recorded = await run(["prove", file, "--model", "gemini:gemini-2.5-flash", "--record"]);
    expect(recorded.stderr).toBe("");
    expect(recorded.code).toBe(0);
    expect(recorded.stdout).toMatch(/\n {2}cassette written: \S*mugs\.cassette\.json \(gemini:gemini-2\.5-flash\)\n {2}field {5}matched\n {2}quantity {2}1\/1\n3 passed, 0 failed\n$/);
    expect(existsSync(file.replace(".proof.yaml", ".cassette.json"))).toBe(true);

    vi.stubGlobal("fetch", async () => {
      throw new Error("the network was used");
    });
    const replayed = await run(["prove", file], {});
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/mugs\.proof\.yaml — Two mugs, against a model \(replayed from \S*mugs\.cassette\.json, gemini:gemini-2\.5-flash\)\n/);
    expect(replayed.stdout.trimEnd().split("\n").at(-1)).toBe("6 passed, 0 failed");
  });

  it("a failing recording exits 1 and writes nothing", async () => {
    const file = proofFile();
    stubGemini('{"quantity":3}');
    const { code, stdout } = await run(["prove", file, "--model", "gemini:gemini-2.5-flash", "--record"]);
    expect(code).toBe(1);
    expect(stdout).toContain("fields: expected {\"quantity\":2}, saw quantity=3");
    expect(stdout).toMatch(/cassette not written \(1 check failed\): \S*mugs\.cassette\.json/);
    expect(stdout).toMatch(/ {2}quantity {2}0\/1\n/);
    expect(existsSync(file.replace(".proof.yaml", ".cassette.json"))).toBe(false);
  });

  it("--json carries the recording", async () => {
    const file = proofFile();
    stubGemini('{"quantity":2}');
    const { stdout } = await run(["prove", file, "--model", "gemini", "--json"]);
    const report = JSON.parse(stdout);
    expect(report.files[0].recorded).toMatchObject({ written: false, reason: "--record not given", fields: [{ field: "quantity", matched: 1, total: 1 }] });
  });

  it.each([
    [["--record"], ENV, "flow prove: --record needs --model, the model to record (e.g. --model gemini:gemini-2.5-flash)\n"],
    [["--model", "offline", "--record"], ENV, "flow prove: --record records a real model's replies; the offline extractor needs no cassette (use --model gemini:<name>)\n"],
    [["--model", "gemini:gemini-2.5-flash", "--record"], {}, "flow prove: gemini:gemini-2.5-flash needs an API key: set GOOGLE_API_KEY (or pass --model offline)\n"],
    [["--model", "nope:x"], ENV, /^flow prove: unknown model provider "nope"/],
  ])("exits 2 with one sentence: %j", async (flags, env, message) => {
    const file = proofFile();
    const { code, stdout, stderr } = await run(["prove", file, ...flags], env);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    if (typeof message === "string") expect(stderr).toBe(message);
    else expect(stderr).toMatch(message);
    expect(existsSync(file.replace(".proof.yaml", ".cassette.json"))).toBe(false);
    expect(readFileSync(file, "utf8")).toContain("model: { quantity: 2 }");
  });
});

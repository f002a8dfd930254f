/**
 * `flow serve --limit` and `--prices`: each mistake one sentence (exit 2) before anything opens, and
 * the real binary ending a turn at a conversation's budget with the runtime's sentence, the limits in
 * its banner.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../src/cli.js";
import { parseLimits } from "../src/serve/serve-limits.js";
import { memoryIo } from "./memory-io.js";
import { ROOT, startServeProcess } from "./serve-process.js";

async function run(argv: string[]) {
  const mem = memoryIo(ROOT, { env: {} });
  const code = await cli(argv, mem.io);
  return { code, stderr: mem.stderr() };
}

describe("flow serve --limit / --prices: the command line", () => {
  const dir = mkdtempSync(join(tmpdir(), "serve-prices-"));
  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ "gemini:gemini-2.5-flash": { input: "0.3" } }));
  it.each([
    [["--limit", "conversation.calls=3"], 'flow serve: --limit takes SCOPE.MEASURE=NUMBER, the scope turn or conversation and the measure model-calls, tokens or cost (e.g. --limit conversation.tokens=50000), not "conversation.calls=3"'],
    [["--limit", "week.tokens=3"], 'flow serve: --limit takes SCOPE.MEASURE=NUMBER, the scope turn or conversation and the measure model-calls, tokens or cost (e.g. --limit conversation.tokens=50000), not "week.tokens=3"'],
    [["--limit", "turn.tokens=lots"], 'flow serve: --limit turn.tokens must be a whole number of at least 0, not "lots"'],
    [["--limit", "conversation.model-calls=2.5"], 'flow serve: --limit conversation.model-calls must be a whole number of at least 0, not "2.5"'],
    [["--limit", "conversation.cost=-1"], 'flow serve: --limit conversation.cost must be a number of at least 0, not "-1"'],
    [["--prices", "no-such-prices.json"], "flow serve: prices file not found: no-such-prices.json"],
    [["--prices", bad], `flow serve: ${bad} is not a prices file: give JSON such as { "gemini:gemini-2.5-flash": { "input": 0.3, "output": 2.5 } } (per million tokens)`],
  ])("%j → exit 2 with one sentence", async (args, message) => {
    const result = await run(["serve", "test/fixtures/serve/slow_note", "--db", "memory", "--port", "0", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });

  it("takes several limits, repeated or separated by commas", () => {
    expect(parseLimits(["conversation.tokens=50000,turn.model-calls=1", "conversation.cost=0.5"])).toEqual({
      ok: true, budget: { limits: { conversation: { tokens: 50000, cost: 0.5 }, turn: { modelCalls: 1 } } },
    });
    expect(parseLimits([])).toEqual({ ok: true, budget: {} });
  });
});

describe("flow serve --limit: the binary", () => {
  it("ends the turn that would pass the conversation's budget with the runtime's sentence", async () => {
    const serve = await startServeProcess(["test/fixtures/serve/slow_note", "--db", "memory", "--auth", "none", "--limit", "conversation.model-calls=0"], { SLOW_NOTE_MS: "10" });
    try {
      expect(serve.stdout()).toContain("limits      conversation: 0 model calls (model calls only: picks, presses and confirmed writes go on)\n");
      const agui = (runId: string, messages: unknown[]) => fetch(`${serve.url}/agui`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: "n1", runId, messages }),
      }).then((r) => r.text());
      await agui("r0", []);
      const body = await agui("r1", [{ id: "m1", role: "user", content: "buy milk" }]);
      expect(body).toContain("Stopped: this conversation has used its limit of 0 model calls, so this message was not read and nothing was changed.");
      expect(body).not.toContain("Noted: buy milk.");
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(serve.stderr()).toBe("");
  });
});

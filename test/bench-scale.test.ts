/**
 * bench:scale's small mode (SCALE_CONVERSATIONS=20), run as CI runs it: three real `flow serve`
 * processes (the built CLI: `npx tsc -b` first) on PostgreSQL behind the bench's round-robin front, one
 * of them SIGKILLed after a third of the runs and started again, clients retrying the runs that failed.
 * Asserts the verdict — every conversation finished, every confirmed write ran exactly once, no turn lost
 * or answered twice, approvals answered on another process — and that the kill was felt by clients (it
 * proves nothing if no run had to be retried). No timing is asserted. Needs PG_URL (.ci/run sets it).
 */
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { notePgSkipped, PG_URL, PG_SKIP_REASON } from "./fixtures/durable/pg-url.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
notePgSkipped("bench:scale");

/** Run the bench as a child (not spawnSync: the test's worker keeps answering vitest meanwhile). */
function bench(env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["bench/scale.mjs"], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGTERM"), 90_000);
  return new Promise((resolve) => child.on("close", (status) => (clearTimeout(timer), resolve({ status, stdout, stderr }))));
}

describe.skipIf(!PG_URL)(`bench:scale, small${PG_URL ? "" : ` (${PG_SKIP_REASON})`}`, () => {
  it("survives a killed process: every write once, every turn answered once", async () => {
    const run = await bench({ SCALE_CONVERSATIONS: "20", SCALE_PAUSE_MS: "500" });
    const out = run.stdout + run.stderr;
    expect(out).toMatch(/^exactly-once: met$/m);
    for (const check of ["every conversation finished", "every confirmed write ran exactly once", "no turn lost or answered twice", "approvals answered on another process than the customer's"]) {
      expect(out).toMatch(new RegExp(`^  ok    ${check}: `, "m"));
    }
    expect(out).not.toMatch(/FAIL/);
    const retried = Number(/(\d+) request\(s\) retried/.exec(out)?.[1]);
    expect(retried, out).toBeGreaterThan(0);
    expect(run.status, out).toBe(0);
  }, 100_000);
});

describe("bench:scale without PostgreSQL", () => {
  it("says in one sentence that it needs PG_URL", () => {
    const env = { ...process.env };
    delete env.PG_URL;
    const run = spawnSync(process.execPath, ["bench/scale.mjs"], { cwd: ROOT, encoding: "utf8", timeout: 30_000, env });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(/^bench:scale needs PostgreSQL: set PG_URL to a postgres:\/\/ URL [^\n]+\.$/);
    expect(run.stdout).toBe("");
  });
});

/**
 * A reader that stops early (`flow check skills | head -1`) closes the pipe under the binary: `flow`
 * stops writing quietly — no EPIPE stack trace — and still exits with its own code. Runs the built
 * binary (`npx tsc -b` first), with its stdout closed before it writes anything.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Run `flow argv` with its stdout closed before it writes (`| true`); collect stderr and the exit code. */
function runIntoClosedPipe(argv: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    // test/fixtures/checks/tools-timeout waits FLOW_IMPORT_TIMEOUT_MS: 1 s instead of the default 10 s will do here.
    const env = { ...process.env, FLOW_IMPORT_TIMEOUT_MS: "1000" };
    const child = spawn(process.execPath, ["packages/cli/bin/flow.js", ...argv], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("flow writing into a closed pipe", () => {
  it.each([
    ["check test/fixtures/checks", 1],
    ["prove --json test/fixtures/proofs/passing", 0],
    ["procedure skills/conference-trip", 0],
  ])("`flow %s | true` stops quietly and exits %i", async (command, exitCode) => {
    const result = await runIntoClosedPipe(command.split(" "));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(exitCode);
  });
});

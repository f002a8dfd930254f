/**
 * `flow mcp` over stdio ends by itself, with exit code 0, when the host closes its stdin — and stops the
 * MCP tool server it started for over-mcp's tools — instead of hanging or dying with Node's exit 13.
 * Runs the built binary (`npx tsc -b` first).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { root } from "./flow-mcp-client.js";

const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };

/** Pids of processes whose environment holds `marker` (Linux /proc), so a leftover child can be found. */
function processesWith(marker: string): number[] {
  if (!existsSync("/proc/self/environ")) return [];
  return readdirSync("/proc").filter((name) => /^\d+$/.test(name)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").includes(marker);
    } catch {
      return false;
    }
  }).map(Number);
}

describe("flow mcp over stdio", () => {
  it("answers, then exits 0 when stdin closes, leaving no tool server behind", async () => {
    const marker = `/tmp/skillflow-exit-test-${process.pid}-${Date.now()}.jsonl`;
    const env = { ...process.env, CONFERENCE_TRIP_CALL_LOG: marker };
    const child = spawn(process.execPath, ["packages/cli/bin/flow.js", "mcp", "skills/conference-trip/over-mcp"], { cwd: root, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n${JSON.stringify(LIST)}\n`);
    await expect.poll(() => stdout.includes('"id":2'), { timeout: 60_000 }).toBe(true);
    // Running: flow mcp itself and the tool server it started both carry the marker.
    expect(processesWith(`CONFERENCE_TRIP_CALL_LOG=${marker}`).length).toBeGreaterThanOrEqual(2);
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(stderr).not.toContain("can never settle");
    expect(code).toBe(0);
    const replies = stdout.trim().split("\n").map((line) => JSON.parse(line) as { id: number; result: { tools?: Array<{ name: string }> } });
    expect(replies.find((r) => r.id === 2)?.result.tools?.map((t) => t.name)).toEqual(["conference-trip"]);
    expect(stderr).toContain("flow mcp: serving conference-trip over stdio");
    await new Promise((done) => setTimeout(done, 300));
    expect(processesWith(`CONFERENCE_TRIP_CALL_LOG=${marker}`)).toEqual([]);
  }, 90_000); // the binary's start is allowed 60 s above (it timed out at the default 30 s in a loaded CI run)
});

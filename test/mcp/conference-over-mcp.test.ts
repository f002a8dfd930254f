/**
 * Issue 13, first half, as evidence: conference-trip loaded once with its tools.ts (in-process) and once
 * with the same functions behind its stdio MCP server (skills/conference-trip/over-mcp/conference-trip: the same SKILL.md,
 * a link to it). Both loads describe the twelve tools identically to the checker, and every conference
 * proof gives identical results both ways, with the very same tool calls in the same order — each write's
 * idempotency key arriving at the server in the request's `_meta` (the server logs what it received).
 */
import { readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSkill } from "@skillflow/core/loader";
import { closeMcpConnections } from "@skillflow/mcp";
import type { LoadedFlowSkill } from "../../packages/langgraph/src/load-flow-skill.js";
import type { HostTool } from "../../packages/langgraph/src/run-tool.js";
import { findProofFiles } from "../../packages/langgraph/src/prove/find-proof-files.js";
import { readProofFile } from "../../packages/langgraph/src/prove/parse-proof.js";
import { runProof, type ProofRun } from "../../packages/langgraph/src/prove/run-proof.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const trip = join(root, "skills/conference-trip");
const overMcp = join(trip, "over-mcp/conference-trip");
const log = join(tmpdir(), `skillflow-trip-calls-${process.pid}.jsonl`);

interface Call {
  tool: string;
  input: Record<string, unknown>;
  idempotencyKey: string;
  now: string;
}

const inProcessCalls: Call[] = [];
let inProcess: ProofRun[];
let overServer: ProofRun[];

/** Load a skill and record every call its tools receive (the in-process run's counterpart of the server log). */
async function loadRecorded(path: string): Promise<LoadedFlowSkill> {
  const loaded = await loadSkill(path);
  if (!loaded.skill) throw new Error(loaded.diagnostics.map((d) => d.reason).join("\n"));
  const tools: Record<string, HostTool> = {};
  for (const [name, tool] of Object.entries(loaded.tools)) {
    tools[name] = { ...tool, run: (input, context) => {
      inProcessCalls.push({ tool: name, input, idempotencyKey: context.idempotencyKey, now: context.now });
      return tool.run(input, context);
    } };
  }
  return { skill: loaded.skill, tools };
}

async function loadOverMcp(path: string): Promise<LoadedFlowSkill> {
  expect(path).toBe(trip);
  const loaded = await loadSkill(overMcp, { importTimeoutMs: 60_000 });
  if (!loaded.skill) throw new Error(loaded.diagnostics.map((d) => `${d.ruleId}: ${d.reason}`).join("\n"));
  return { skill: loaded.skill, tools: loaded.tools };
}

function serverCalls(): Call[] {
  return readFileSync(log, "utf8").trim().split("\n").map((line) => {
    const { tool, input, idempotencyKey, now } = JSON.parse(line) as Call;
    return { tool, input, idempotencyKey, now };
  });
}

beforeAll(async () => {
  rmSync(log, { force: true });
  process.env.CONFERENCE_TRIP_CALL_LOG = log;
  const files = await findProofFiles(["proofs/conference-trip"], root);
  const proofs = await Promise.all(files.map((file) => readProofFile(file, file.slice(root.length))));
  inProcess = [];
  for (const proof of proofs) inProcess.push(await runProof(proof, loadRecorded));
  overServer = [];
  for (const proof of proofs) overServer.push(await runProof(proof, loadOverMcp));
}, 300_000);

afterAll(async () => {
  await closeMcpConnections();
  delete process.env.CONFERENCE_TRIP_CALL_LOG;
  rmSync(log, { force: true });
});

describe("conference-trip over MCP", () => {
  it("uses the same SKILL.md, byte for byte (one file)", () => {
    expect(realpathSync(join(overMcp, "SKILL.md"))).toBe(realpathSync(join(trip, "SKILL.md")));
    expect(readFileSync(join(overMcp, "SKILL.md")).equals(readFileSync(join(trip, "SKILL.md")))).toBe(true);
  });

  it("describes the twelve tools to the checker exactly as tools.ts does", async () => {
    const [local, remote] = [await loadSkill(trip), await loadSkill(overMcp, { importTimeoutMs: 60_000 })];
    expect(remote.diagnostics).toEqual([]);
    expect(Object.keys(remote.skill!.tools)).toHaveLength(12);
    expect(remote.skill!.tools).toEqual(local.skill!.tools);
    expect({ ...remote.skill!, file: "" }).toEqual({ ...local.skill!, file: "" });
  });

  it("runs every conference proof, all passing, with identical results both ways", () => {
    expect(inProcess.length).toBeGreaterThanOrEqual(10);
    const failed = overServer.flatMap((run) => run.checks.filter((c) => !c.ok).map((c) => `${run.file}:${c.line} ${c.key}: ${c.seen}`));
    expect(failed).toEqual([]);
    expect(overServer).toEqual(inProcess);
  });

  it("makes the same calls in the same order, each write's idempotency key arriving in _meta", () => {
    // No conference proof freezes the clock, so each run hands its tools the real time: compared apart.
    const withoutClock = (calls: Call[]) => calls.map(({ now: _now, ...call }) => call);
    const received = serverCalls();
    expect(withoutClock(received)).toEqual(withoutClock(inProcessCalls));
    expect(received.every((call) => !Number.isNaN(Date.parse(call.now)))).toBe(true);
    const writes = received.filter((call) => ["hold_flight", "hold_hotel", "reserve_cab", "take_payment"].includes(call.tool));
    expect(writes.length).toBeGreaterThanOrEqual(12);
    for (const write of writes) expect(write.idempotencyKey).toMatch(/\S{8,}/);
    expect(received.filter((call) => !writes.includes(call)).every((call) => call.idempotencyKey === "")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { ToolRejected, type ToolContext } from "@skillflow/core";
import { failureInjector, runToolCall, type CallEffect, type HostTool } from "../../src/run-tool.js";
import { ledgerGuard } from "../../src/graph/act-node.js";
import { initialState } from "@skillflow/core";

const call = (tool: string, kind: "lookup" | "write" = "write"): CallEffect =>
  ({ type: "call", tool, kind, inputs: { total: 10 }, key: "key-1", instance: "7" });
const options = { timeoutMs: 1000, now: () => "2027-03-01T09:00:00Z" };

describe("runToolCall", () => {
  it("hands the tool its inputs, the write's idempotency key and the frozen clock", async () => {
    let seen: { input: unknown; context?: ToolContext } = { input: undefined };
    const tool: HostTool = { name: "pay", kind: "write", run: (input, context) => ((seen = { input, context }), { ok: 1 }) };
    const result = await runToolCall(call("pay"), { pay: tool }, options);
    expect(result).toMatchObject({ type: "tool_result", tool: "pay", key: "key-1", ok: true, output: { ok: 1 } });
    expect(seen.input).toEqual({ total: 10 });
    expect(seen.context).toMatchObject({ idempotencyKey: "key-1", now: "2027-03-01T09:00:00Z" });
    expect(seen.context?.signal.aborted).toBe(false);
  });

  it("keeps what the flow recorded apart from the tool: changing its input or its output afterwards changes neither", async () => {
    const shared = { total: 100, rows: [{ id: "A" }] };
    let input: Record<string, unknown> = {};
    const tool: HostTool = { name: "quote", kind: "lookup", run: (given) => ((input = given), shared) };
    const effect = call("quote", "lookup");
    const result = await runToolCall(effect, { quote: tool }, options);
    input.total = 1;
    shared.total = 999;
    shared.rows.push({ id: "B" });
    expect(effect.inputs).toEqual({ total: 10 });
    expect(result).toMatchObject({ ok: true, output: { total: 100, rows: [{ id: "A" }] } });
  });

  it("gives lookups an empty idempotency key", async () => {
    let key = "unset";
    const tool: HostTool = { name: "find", kind: "lookup", run: (_i, context) => void (key = context.idempotencyKey) };
    await runToolCall(call("find", "lookup"), { find: tool }, options);
    expect(key).toBe("");
  });

  it("aborts a tool past its timeout and reports a failure, never throws", async () => {
    let signal: AbortSignal | undefined;
    const tool: HostTool = { name: "slow", kind: "lookup", run: (_i, c) => ((signal = c.signal), new Promise(() => {})) };
    const result = await runToolCall(call("slow", "lookup"), { slow: tool }, { ...options, timeoutMs: 30 });
    expect(result).toMatchObject({ ok: false, error: "slow did not answer within 30 ms." });
    expect(signal?.aborted).toBe(true);
  });

  it("reports a throwing tool and a missing tool as failed results", async () => {
    const tool: HostTool = { name: "bad", kind: "write", run: () => { throw new Error("card declined"); } };
    expect(await runToolCall(call("bad"), { bad: tool }, options)).toMatchObject({ ok: false, error: "bad failed: card declined" });
    expect(await runToolCall(call("nope"), {}, options)).toMatchObject({ ok: false, error: "No tool named nope is loaded." });
  });

  it("marks a write that throws ToolRejected (from any copy of core) as rejected: nothing was done; any other failure is not", async () => {
    const rejecting: HostTool = { name: "hold", kind: "write", run: () => { throw new ToolRejected("no rooms left"); } };
    expect(await runToolCall(call("hold"), { hold: rejecting }, options)).toMatchObject({ ok: false, rejected: true, error: "hold failed: no rooms left" });
    const foreign: HostTool = { name: "hold", kind: "write", run: () => { throw Object.assign(new Error("x"), { [Symbol.for("skillflow.toolRejected")]: true }); } };
    expect(await runToolCall(call("hold"), { hold: foreign }, options)).toMatchObject({ rejected: true });
    const throwing: HostTool = { name: "hold", kind: "write", run: () => { throw new Error("socket hang up"); } };
    expect(await runToolCall(call("hold"), { hold: throwing }, options)).not.toHaveProperty("rejected");
    const slow: HostTool = { name: "hold", kind: "write", run: () => new Promise(() => {}) };
    expect(await runToolCall(call("hold"), { hold: slow }, { ...options, timeoutMs: 20 })).not.toHaveProperty("rejected");
  });

  it("injects rejections and failures: rejections first, then failures, then the tool runs", async () => {
    const tool: HostTool = { name: "cab", kind: "write", run: () => ({ ok: true }) };
    const shouldFail = failureInjector({ cab: 1 }, { cab: 1 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await runToolCall(call("cab"), { cab: tool }, { ...options, shouldFail }));
    expect(results.map((r) => [r.ok, r.rejected ?? false])).toEqual([[false, true], [false, false], [true, false]]);
  });

  it("injects failures on a tool's first n runs only", async () => {
    let runs = 0;
    const tool: HostTool = { name: "cab", kind: "write", run: () => ({ n: ++runs }) };
    const shouldFail = failureInjector({ cab: 2 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await runToolCall(call("cab"), { cab: tool }, { ...options, shouldFail }));
    expect(results.map((r) => r.ok)).toEqual([false, false, true]);
    expect(results[0]!.error).toMatch(/injected/);
    expect(runs).toBe(1);
  });
});

describe("the act node's ledger guard", () => {
  const entry = { tool: "pay", instance: "7", idempotencyKey: "key-1", inputs: {}, inputsDigest: "d", turn: 1 };

  it("lets a write run only when its started entry carries the call's key", () => {
    const flow = initialState("t");
    expect(ledgerGuard({ ...flow, ledger: { "7": { ...entry, status: "started" } } }, call("pay"))).toBeUndefined();
    expect(ledgerGuard(flow, call("pay"))).toMatchObject({ ok: false, error: expect.stringMatching(/no started ledger entry/) });
  });

  it("feeds back the recorded result of a write already done instead of running it again", () => {
    const flow = { ...initialState("t"), ledger: { "7": { ...entry, status: "done" as const, result: { ref: "R1" } } } };
    expect(ledgerGuard(flow, call("pay"))).toMatchObject({ ok: true, output: { ref: "R1" }, durationMs: 0 });
  });
});

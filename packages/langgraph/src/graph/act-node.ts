/**
 * The act node: runs the one tool call the replay asked for and feeds its result back as a
 * `tool_result` event. This node can re-run after a crash (LangGraph resumes a node from its start), so
 * writes are guarded by the ledger: a write runs only when its `started` entry (checkpointed by the
 * replay before this node) carries the call's idempotency key; a write already `done` is not run again
 * (its recorded result is fed back); a write with no started entry is refused, never run.
 */
import type { FlowState } from "@skillflow/core";
import { runToolCall, type CallEffect, type ToolResultEvent } from "../run-tool.js";
import { extendTurn, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import { activeSkill, type HostDeps } from "./host-deps.js";

export function actNode(deps: HostDeps) {
  return async (state: FlowGraphValues): Promise<FlowGraphUpdate> => {
    const call = state.call;
    if (!call || !state.flow) throw new Error("The act node needs a call.");
    const guarded = call.kind === "write" ? ledgerGuard(state.flow, call) : undefined;
    if (guarded) return { event: guarded, call: null };
    const { tools } = activeSkill(deps, state.routing?.active);
    const event = await runToolCall(call, tools, { timeoutMs: deps.toolTimeoutMs, now: deps.now, shouldFail: deps.shouldFail });
    const run = { tool: call.tool, kind: call.kind, ok: event.ok, durationMs: event.durationMs, ...(event.error ? { error: event.error } : {}) };
    return { event, call: null, out: extendTurn(state.out, { tools: [run] }) };
  };
}

/**
 * The event to feed back instead of running a write, or undefined when the write may run (its ledger
 * entry for this key is `started`). Pure.
 */
export function ledgerGuard(flow: FlowState, call: CallEffect): ToolResultEvent | undefined {
  const entry = Object.values(flow.ledger).find((e) => e.idempotencyKey === call.key);
  const base = { type: "tool_result" as const, tool: call.tool, key: call.key, durationMs: 0 };
  if (entry?.status === "started") return undefined;
  if (entry?.status === "done") return { ...base, ok: true, output: entry.result };
  return { ...base, ok: false, error: `${call.tool} was not run: no started ledger entry for it.` };
}

/**
 * The act node: runs the one write (or hand-off) the last super-step stopped at, feeds its result back to the runtime
 * and goes on in the same super-step — lookups included — up to the next write or a person
 * (`advance-flow.ts`). So each write costs one checkpoint: its `done` entry is stored together with the
 * next write's `started` one.
 * This node can re-run after a crash (LangGraph resumes a node from its start), so the write is guarded
 * by the ledger: it runs only when its `started` entry (checkpointed before this node) carries the call's
 * idempotency key — a re-run re-sends it with that key; a write already `done` is not run again (its
 * recorded result is fed back); a write with no started entry is refused, never run.
 */
import type { FlowState } from "@skillflow/core";
import type { CallEffect, ToolResultEvent } from "../run-tool.js";
import { runTracedToolCall } from "../telemetry/trace-tool-call.js";
import { advanceFlow, toolOptions, toolRun } from "./advance-flow.js";
import { extendTurn, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import { skillInProgress, type HostDeps } from "./host-deps.js";
import { routingOf } from "../routing/where-now.js";

export function actNode(deps: HostDeps) {
  return async (state: FlowGraphValues): Promise<FlowGraphUpdate> => {
    const call = state.call;
    const routing = routingOf(deps, state);
    if (!call || !state.flow || !routing) throw new Error("The act node needs a call.");
    const { skill, tools } = skillInProgress(deps, routing);
    const guarded = call.kind !== "lookup" ? ledgerGuard(state.flow, call) : undefined;
    const result = guarded ?? (await runTracedToolCall(call, tools, toolOptions(deps), deps.deploymentKey));
    const out = guarded ? state.out : extendTurn(state.out, { tools: [toolRun(call, result)] });
    return { ...(await advanceFlow(deps, skill, tools, state.flow, result, out)), event: null };
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

/**
 * One stretch of a turn, inside one super-step: step the skill on an event, run every lookup it asks
 * for right here (read-only, so nothing needs a checkpoint between them), and stop at the first thing
 * that needs one — a write, whose `started` ledger entry the returned state carries, so it is stored
 * before the act node runs it — or at a person. Lookups get the same timeout, injected failures and
 * failure handling as any tool run (`runToolCall`); the per-event call cap is the runtime's
 * (`maxCallsPerEvent`, counted in the state), so this loop ends when the runtime refuses further calls.
 */
import { step, type Effect, type FlowEvent, type FlowState, type Skill } from "@skillflow/core";
import type { CallEffect, HostTool, ToolResultEvent } from "../run-tool.js";
import { runTracedToolCall } from "../telemetry/trace-tool-call.js";
import { extendTurn, type ToolRun, type TurnOutput } from "./flow-graph-state.js";
import type { HostDeps } from "./host-deps.js";

export interface Advanced {
  flow: FlowState;
  /** The write or hand-off to run next (its `started` entry is in `flow`), or null: the flow waits for a person. */
  call: CallEffect | null;
  out: TurnOutput;
}

/** Step on `event`, then on each lookup's result, until a write or a person. */
export async function advanceFlow(
  deps: HostDeps, skill: Skill, tools: Record<string, HostTool>, flow: FlowState, event: FlowEvent, out: TurnOutput,
): Promise<Advanced> {
  // The runtime stops asking past its cap; this bound only guards the host against a runtime that would not.
  const bound = (deps.runtime.maxCallsPerEvent ?? 50) + 2;
  for (let i = 0; i < bound; i += 1) {
    const result = step(skill, flow, event, deps.runtime);
    const call = result.effects.find((e): e is CallEffect => e.type === "call") ?? null;
    const shown = result.effects.filter((e: Effect) => e.type !== "call");
    flow = result.state;
    out = extendTurn(out, { effects: shown, trace: result.trace });
    // A write or a hand-off is run by the act node, after its `started` entry is checkpointed.
    if (!call || call.kind !== "lookup") return { flow, call, out };
    const looked = await runTracedToolCall(call, tools, toolOptions(deps), deps.deploymentKey);
    out = extendTurn(out, { tools: [toolRun(call, looked)] });
    event = looked;
  }
  throw new Error(`The runtime asked for more than ${bound} tool calls in one event.`);
}

/** What a tool run is given besides its inputs: timeout, clock, injected failures. */
export function toolOptions(deps: HostDeps) {
  return { timeoutMs: deps.toolTimeoutMs, now: deps.now, ...(deps.shouldFail ? { shouldFail: deps.shouldFail } : {}) };
}

/** The turn's record of one tool run. Pure. */
export function toolRun(call: CallEffect, event: ToolResultEvent): ToolRun {
  return { tool: call.tool, kind: call.kind, ok: event.ok, durationMs: event.durationMs, ...(event.error ? { error: event.error } : {}) };
}

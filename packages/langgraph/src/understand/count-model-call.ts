/**
 * What one model call adds to a turn: its trace (the call, then what the port dropped) and its usage,
 * counted on the turn, on the skill in progress and on the conversation. Pure.
 */
import type { FlowState, TraceEvent, Usage } from "@skillflow/core";
import type { Routed } from "../routing/where-now.js";
import type { ExtractResult } from "./model-port.js";

/** The trace of one model call: the call, then what the port dropped. Pure. */
export function modelTrace(fields: string[], result: ExtractResult): TraceEvent[] {
  const call: TraceEvent = {
    type: "model_call",
    fields,
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
  };
  const dropped = (result.dropped ?? []).map((d): TraceEvent => ({ type: "dropped", field: d.field, reason: d.reason }));
  return [call, ...dropped];
}

/** Usage plus one model call. Pure. */
export function addUsage(usage: Usage, result: ExtractResult): Usage {
  return {
    modelCalls: usage.modelCalls + 1,
    inputTokens: usage.inputTokens + result.usage.inputTokens,
    outputTokens: usage.outputTokens + result.usage.outputTokens,
    totalTokens: usage.totalTokens + result.usage.totalTokens,
  };
}

/** The call's usage on the conversation, and on the skill in progress before routing. Pure. */
export function countUsage(here: Routed, result: ExtractResult): Routed {
  const routing = { ...here.routing, usage: addUsage(here.routing.usage, result) };
  const flow: FlowState | null = here.flow ? { ...here.flow, usage: addUsage(here.flow.usage, result) } : null;
  return { routing, flow };
}

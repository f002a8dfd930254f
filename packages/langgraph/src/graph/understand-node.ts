/**
 * The understand node: turns the person's event into the event the runtime steps on. Only free text
 * reaches the model, and never while a secret is the pending question (the text is then handed to the
 * runtime as typed). Picks, presses, approvals and presets pass through untouched, with no model call;
 * opening the one skill by name is an empty preset (the skill shows its question), any other name is
 * dropped.
 * The model call is the only I/O here; it changes nothing outside the returned state.
 */
import { hideSecrets, initialState, type FlowEvent, type FlowState, type TraceEvent } from "@skillflow/core";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ExtractResult } from "../model-port.js";
import { buildExtractRequest } from "./build-extract-request.js";
import { extendTurn, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import type { HostDeps } from "./host-deps.js";

export function understandNode(deps: HostDeps) {
  return async (state: FlowGraphValues, config: LangGraphRunnableConfig): Promise<FlowGraphUpdate> => {
    const flow = state.flow ?? initialState(threadIdOf(config));
    const input = state.input;
    if (!input) throw new Error("A turn needs an event.");
    if (input.type === "open") return openOwn(deps, state, flow, input.skill);
    if (input.type !== "text" || input.extraction) return { flow, event: input, input: null };
    // A secret typed before it is asked never reaches the model; it is offered to its field.
    const hidden = hideSecrets(deps.skill, flow, input.text);
    const request = buildExtractRequest(deps.skill, flow, hidden.text, deps.runtime);
    if (!request) return { flow, event: { type: "text", text: input.text }, input: null };
    const result = await deps.model.extract(request);
    const offers = Object.keys(hidden.offers).length > 0 ? { offers: hidden.offers } : {};
    const event: FlowEvent = { type: "text", text: input.text, extraction: result.extraction, ...offers };
    const trace = modelTrace(request.fields.map((f) => f.name), result);
    const usage = addUsage(state.out.usage, result);
    return { flow: { ...flow, usage: addUsage(flow.usage, result) }, event, input: null, out: extendTurn(state.out, { trace, usage }) };
  };
}

/** `{ open }` in a one-skill flow: its own name shows where it stands; another name is dropped. Pure. */
function openOwn(deps: HostDeps, state: FlowGraphValues, flow: FlowState, name: string): FlowGraphUpdate {
  const event: FlowEvent = { type: "preset", values: {} };
  if (name === deps.skill.name) return { flow, event, input: null };
  const trace: TraceEvent[] = [{ type: "dropped", field: "skill", reason: `this flow hosts only ${deps.skill.name}, not ${name}` }];
  return { flow, event, input: null, out: extendTurn(state.out, { trace }) };
}

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
export function addUsage(usage: FlowState["usage"], result: ExtractResult): FlowState["usage"] {
  return {
    modelCalls: usage.modelCalls + 1,
    inputTokens: usage.inputTokens + result.usage.inputTokens,
    outputTokens: usage.outputTokens + result.usage.outputTokens,
    totalTokens: usage.totalTokens + result.usage.totalTokens,
  };
}

/** The LangGraph thread id of the run (the conversation). */
export function threadIdOf(config: LangGraphRunnableConfig): string {
  const id = config.configurable?.thread_id;
  if (typeof id !== "string" || !id) throw new Error("A flow needs a thread_id.");
  return id;
}

/**
 * The understand node of a flow hosting several skills. Free text costs one model call, as in a
 * one-skill flow: the same call fills fields and says which skill the message is about and whether it
 * switches or cancels (`build-routing-request.ts`, `decide-route.ts`). The decision is carried out on
 * the state (`apply-route.ts`), then the understood event goes to the skill now in progress; with none in
 * progress the turn ends here, saying what the flow can do.
 *
 * Picks, presses, approvals and presets go to the skill in progress untouched, with no model call. An
 * `open` event (a pick from the skills menu) starts or resumes that skill with no model call, putting
 * the one in progress on hold as a switch does.
 * While a secret is its pending question, the text never reaches the model: a bare cancel phrase
 * ("cancel", "never mind") cancels the skill, anything else is taken as typed.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { hideSecrets, type Effect, type FlowEvent, type FlowState, type TraceEvent } from "@skillflow/core";
import { allFields } from "../build-extraction-schema.js";
import { extendTurn, type FlowGraphUpdate, type FlowGraphValues } from "../graph/flow-graph-state.js";
import { activeSkill, type HostDeps } from "../graph/host-deps.js";
import { addUsage, modelTrace, threadIdOf } from "../graph/understand-node.js";
import type { ExtractResult } from "../model-port.js";
import { isCancelPhrase } from "../models/offline/read-intent.js";
import { applyRoute, type Routed } from "./apply-route.js";
import { buildRoutingRequest } from "./build-routing-request.js";
import { decideRoute, type RouteDecision } from "./decide-route.js";
import { lookupProbe } from "./lookup-probe.js";
import { routeNotes } from "./route-notes.js";
import { emptyRouting, isFinished } from "./routing-state.js";

export function routeNode(deps: HostDeps) {
  return async (state: FlowGraphValues, config: LangGraphRunnableConfig): Promise<FlowGraphUpdate> => {
    const routing = state.routing ?? emptyRouting();
    const here: Routed = { routing, flow: routing.active ? state.flow : null };
    const input = state.input;
    if (!input) throw new Error("A turn needs an event.");
    if (input.type === "open") return open(deps, state, config, here, input.skill);
    if (input.type !== "text" || input.extraction) return passThrough(deps, state, here, input);
    const secret = here.flow?.pending?.kind === "ask" && here.flow.pending.secret;
    if (secret && isCancelPhrase(input.text)) {
      const cancel: RouteDecision = { close: { skill: routing.active!, how: "cancel" }, dropped: [] };
      return finish(deps, state, config, here, cancel, input);
    }
    // A secret typed before it is asked, for any hosted skill, never reaches the model.
    const masked = hideAll(deps, here, input.text);
    const request = secret ? null : buildRoutingRequest(deps, routing, here.flow, masked);
    if (!request) return { ...here, event: { type: "text", text: input.text }, input: null };
    const result = await deps.model.extract({ ...request, knows: lookupProbe(deps) });
    const names = (deps.hosted ?? []).map((h) => h.skill.name);
    const skill = result.skill !== undefined && names.includes(result.skill) ? result.skill : undefined;
    const decision = decideRoute({ active: routing.active, finished: isFinished(here.flow), skill, intent: result.intent });
    if (result.skill !== undefined && !skill) decision.dropped.push({ field: "skill", reason: `no hosted skill is named ${result.skill}` });
    const trace = modelTrace([...new Set(allFields(request).map((f) => f.name))], result);
    const counted = countUsage(here, result);
    const out = extendTurn(state.out, { trace, usage: addUsage(state.out.usage, result) });
    return finish(deps, { ...state, out }, config, counted, decision, { type: "text", text: input.text, extraction: result.extraction });
  };
}

/** A skill picked by name: opened like a switch to it (an unknown name is dropped); no model call. */
function open(deps: HostDeps, state: FlowGraphValues, config: LangGraphRunnableConfig, here: Routed, name: string): FlowGraphUpdate {
  const known = (deps.hosted ?? []).some((h) => h.skill.name === name);
  const { active } = here.routing;
  const decision = known
    ? decideRoute({ active, finished: isFinished(here.flow), skill: name, intent: active ? "switch" : undefined })
    : { dropped: [{ field: "skill", reason: `no hosted skill is named ${name}` }] };
  return finish(deps, state, config, here, decision, { type: "preset", values: {} });
}

/** Carry out the decision and hand the event to the skill now in progress (or end the turn idle). */
function finish(
  deps: HostDeps, state: FlowGraphValues, config: LangGraphRunnableConfig, here: Routed, decision: RouteDecision,
  event: Extract<FlowEvent, { type: "text" | "preset" }>,
): FlowGraphUpdate {
  const routed = applyRoute(deps, threadIdOf(config), here, decision);
  const trace: TraceEvent[] = decision.dropped.map((d) => ({ type: "dropped", ...d }));
  if (!routed.flow && event.type === "text" && event.extraction?.ok) {
    const reason = decision.close?.how === "cancel" ? `${decision.close.skill} was cancelled` : "no skill is in progress";
    for (const field of Object.keys(event.extraction.values)) trace.push({ type: "dropped", field, reason });
  }
  const effects = routeNotes(deps, routed.routing, routed.note);
  const out = extendTurn(state.out, { effects, trace, ...(routed.note ? { route: routed.note } : {}) });
  return { routing: routed.routing, flow: routed.flow, event: routed.flow ? withOffers(deps, routed, event) : null, input: null, out };
}

/** The text with the secrets of every hosted skill hidden (those answered in the skill in progress kept). */
function hideAll(deps: HostDeps, here: Routed, text: string): string {
  let out = text;
  for (const { skill } of deps.hosted ?? []) out = hideSecrets(skill, skill.name === here.routing.active ? here.flow : null, out).text;
  return out;
}

/** The secrets found in the text, offered to the skill that now handles it. */
function withOffers(deps: HostDeps, routed: Routed, event: Extract<FlowEvent, { type: "text" | "preset" }>): FlowEvent {
  if (event.type !== "text" || !routed.routing.active) return event;
  const { skill } = activeSkill(deps, routed.routing.active);
  const { offers } = hideSecrets(skill, routed.flow, event.text);
  return Object.keys(offers).length > 0 ? { ...event, offers } : event;
}

/** A pick, press, approval or preset: to the skill in progress, or refused when none is. */
function passThrough(deps: HostDeps, state: FlowGraphValues, here: Routed, input: FlowEvent): FlowGraphUpdate {
  if (here.flow) return { ...here, event: input, input: null };
  const field = input.type === "pick" ? input.field : input.type === "press" || input.type === "approve" ? input.confirm : input.type;
  const trace: TraceEvent[] = [{ type: "dropped", field, reason: "no skill is in progress" }];
  const effects: Effect[] = [{ type: "say", text: "Nothing is in progress." }, ...routeNotes(deps, here.routing, undefined)];
  return { ...here, event: null, input: null, out: extendTurn(state.out, { effects, trace }) };
}

/** The call's usage on the conversation, and on the skill in progress before routing. Pure. */
function countUsage(here: Routed, result: ExtractResult): Routed {
  const routing = { ...here.routing, usage: addUsage(here.routing.usage, result) };
  const flow: FlowState | null = here.flow ? { ...here.flow, usage: addUsage(here.flow.usage, result) } : null;
  return { routing, flow };
}

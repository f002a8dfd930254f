/**
 * Typed events, taken with no model call at the start of the replay node: picks, presses, approvals,
 * presets (and free text that comes with its extraction) pass to the skill in progress untouched — or
 * are refused when none is (several skills hosted). An `open` event (a pick from the skills menu) starts
 * or resumes that skill, putting the one in progress on hold as a switch does; in a flow hosting one
 * skill, its own name shows where it stands and any other name is dropped. Pure.
 */
import type { Effect, FlowEvent, TraceEvent } from "@skillflow/core";
import { extendTurn, type FlowGraphUpdate, type TurnOutput } from "../graph/flow-graph-state.js";
import { choosesSkills, findSkill, type HostDeps } from "../graph/host-deps.js";
import { decideRoute, type RouteDecision } from "../routing/decide-route.js";
import { routeNotes } from "../routing/route-notes.js";
import { isFinished } from "../routing/routing-state.js";
import type { Routed } from "../routing/where-now.js";
import type { HostEvent } from "../to-flow-event.js";
import { settleRoute } from "./settle-route.js";

export function admitEvent(deps: HostDeps, out: TurnOutput, threadId: string, here: Routed, input: HostEvent): FlowGraphUpdate {
  if (input.type === "open") return settleRoute(deps, out, threadId, here, openDecision(deps, here, input.skill), { type: "preset", values: {} });
  if (here.flow) return { ...here, event: input, input: null };
  const field = input.type === "pick" ? input.field : input.type === "press" || input.type === "approve" ? input.confirm : input.type;
  const trace: TraceEvent[] = [{ type: "dropped", field, reason: "no skill is in progress" }];
  const effects: Effect[] = [{ type: "say", text: "Nothing is in progress." }, ...routeNotes(deps, here.routing, undefined)];
  return { ...here, event: null, input: null, out: extendTurn(out, { effects, trace }) };
}

/** A skill picked by name: opened like a switch to it; an unknown name is dropped. Pure. */
function openDecision(deps: HostDeps, here: Routed, name: string): RouteDecision {
  const { active } = here.routing;
  if (!choosesSkills(deps)) {
    const only = deps.skills[0]!.skill.name;
    return { dropped: name === only ? [] : [{ field: "skill", reason: `this flow hosts only ${only}, not ${name}` }] };
  }
  if (!findSkill(deps, name)) return { dropped: [{ field: "skill", reason: `no hosted skill is named ${name}` }] };
  return decideRoute({ active, finished: isFinished(here.flow), skill: name, intent: active ? "switch" : undefined });
}

/** Whether an event needs the understand node (free text not yet understood). Pure. */
export function needsModel(input: HostEvent | null): boolean {
  return input?.type === "text" && !input.extraction;
}

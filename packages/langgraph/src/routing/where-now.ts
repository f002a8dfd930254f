/**
 * Where a conversation stands, in one shape whatever the number of hosted skills: its routing state
 * and the state of the skill in progress. A flow hosting one skill has that skill always in progress —
 * nothing to choose, so no decision of routing ever closes it — and its flow id is the thread id; a
 * flow hosting several starts with none in progress. Pure.
 */
import { initialState, type FlowState, type Usage } from "@skillflow/core";
import { choosesSkills, type HostDeps } from "../graph/host-deps.js";
import type { RouteNote, RoutingState } from "./routing-state.js";
import { emptyRouting } from "./routing-state.js";

export interface Routed {
  routing: RoutingState;
  /** The state of the skill now in progress, or null when none is. */
  flow: FlowState | null;
  note?: RouteNote;
}

/** The stored parts of a conversation read here (graph values, possibly before the first event). */
export interface StoredConversation {
  flow?: FlowState | null;
  routing?: RoutingState | null;
}

/** The conversation before an event: as stored, or as a new one starts. Pure. */
export function whereNow(deps: HostDeps, stored: StoredConversation, threadId: string): Routed {
  const routing = routingOf(deps, stored);
  if (routing) return { routing, flow: routing.active ? stored.flow ?? null : null };
  if (choosesSkills(deps)) return { routing: emptyRouting(), flow: null };
  const flow = initialState(threadId);
  return { routing: onlySkill(deps, flow.usage), flow };
}

/**
 * The routing of a stored conversation; undefined before its first event. A one-skill conversation
 * stored without routing (before one skill was a list of one) reads as that skill in progress. Pure.
 */
export function routingOf(deps: HostDeps, stored: StoredConversation): RoutingState | undefined {
  if (stored.routing) return stored.routing;
  if (!stored.flow || choosesSkills(deps)) return undefined;
  return onlySkill(deps, stored.flow.usage);
}

function onlySkill(deps: HostDeps, usage: Usage): RoutingState {
  const name = deps.skills[0]!.skill.name;
  return { active: name, held: {}, runs: { [name]: 1 }, usage };
}

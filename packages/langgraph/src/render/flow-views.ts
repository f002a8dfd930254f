/**
 * The outward views of a conversation: a turn's result, the state of the skill in progress, and the
 * whole conversation (every skill's state and the usage). Secrets of every hosted skill are redacted.
 * One shape for one skill or several; only `TurnResult.skill` is reserved to flows that choose between
 * skills. Pure.
 */
import { redactSecrets, type FlowState, type Usage } from "@skillflow/core";
import type { FlowGraphValues } from "../graph/flow-graph-state.js";
import { choosesSkills, skillNamed, type HostDeps } from "../graph/host-deps.js";
import { routingOf } from "../routing/where-now.js";
import { renderTurn, type TurnResult } from "./render-turn.js";

/** Every skill's state in a conversation, and its model usage. */
export interface ConversationView {
  /** The skill in progress, or null (several skills hosted, none in progress). */
  active: string | null;
  /** The state of the skill in progress and of every skill on hold, by skill name, secrets redacted. */
  skills: Record<string, FlowState>;
  /** Model usage of the whole conversation. */
  usage: Usage;
}

/** A turn's result from the graph's values after the turn. Pure. */
export function renderFlowTurn(deps: HostDeps, values: FlowGraphValues): TurnResult {
  const active = routingOf(deps, values)?.active ?? null;
  const view = renderTurn(skillNamed(deps, active ?? deps.skills[0]!.skill.name).skill, active ? values.flow : null, values.out);
  if (choosesSkills(deps)) view.skill = active;
  if (values.out.route) view.route = values.out.route;
  return redactHeld(deps, values, view);
}

/** The state of the skill in progress (usage: the conversation's), secrets redacted. Pure. */
export function activeState(deps: HostDeps, values: Partial<FlowGraphValues>): FlowState | undefined {
  const routing = routingOf(deps, values);
  const flow = values.flow;
  if (!flow || !routing?.active) return undefined;
  const state = redactSecrets(skillNamed(deps, routing.active).skill, flow, { ...flow, usage: routing.usage });
  return redactHeld(deps, values, state);
}

/** Every skill's state and the conversation's usage; undefined before the first event. Pure. */
export function conversationView(deps: HostDeps, values: Partial<FlowGraphValues>): ConversationView | undefined {
  const routing = routingOf(deps, values);
  if (!routing) return undefined;
  const skills: Record<string, FlowState> = {};
  for (const [name, held] of Object.entries(routing.held)) skills[name] = redactSecrets(skillNamed(deps, name).skill, held, held);
  if (routing.active && values.flow) skills[routing.active] = redactSecrets(skillNamed(deps, routing.active).skill, values.flow, values.flow);
  return { active: routing.active, skills, usage: routing.usage };
}

/** `value` with the secrets of the skills on hold redacted too. Pure. */
function redactHeld<T>(deps: HostDeps, values: Partial<FlowGraphValues>, value: T): T {
  let out = value;
  for (const [name, held] of Object.entries(values.routing?.held ?? {})) out = redactSecrets(skillNamed(deps, name).skill, held, out);
  return out;
}

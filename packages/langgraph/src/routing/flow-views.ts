/**
 * The outward views of a conversation, for one skill or several: a turn's result, the state of the skill
 * in progress, and the whole conversation (every skill's state and the usage). Secrets of every hosted
 * skill are redacted. Pure.
 */
import { redactSecrets, type FlowState, type Usage } from "@skillflow/core";
import type { FlowGraphValues } from "../graph/flow-graph-state.js";
import { activeSkill, type HostDeps } from "../graph/host-deps.js";
import { renderTurn, type TurnResult } from "../render-turn.js";

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
  if (!deps.hosted) return renderTurn(deps.skill, values.flow, values.out);
  const active = values.routing?.active ?? null;
  const view = renderTurn(activeSkill(deps, active ?? undefined).skill, active ? values.flow : null, values.out);
  view.skill = active;
  if (values.out.route) view.route = values.out.route;
  return redactHeld(deps, values, view);
}

/** The state of the skill in progress (usage: the conversation's), secrets redacted. Pure. */
export function activeState(deps: HostDeps, values: Partial<FlowGraphValues>): FlowState | undefined {
  const flow = values.flow ?? undefined;
  if (!deps.hosted) return flow ? redactSecrets(deps.skill, flow, flow) : undefined;
  const active = values.routing?.active;
  if (!flow || !active) return undefined;
  const state = redactSecrets(activeSkill(deps, active).skill, flow, { ...flow, usage: values.routing!.usage });
  return redactHeld(deps, values, state);
}

/** Every skill's state and the conversation's usage; undefined before the first event. Pure. */
export function conversationView(deps: HostDeps, values: Partial<FlowGraphValues>): ConversationView | undefined {
  const flow = values.flow ?? undefined;
  if (!deps.hosted) {
    return flow ? { active: deps.skill.name, skills: { [deps.skill.name]: activeState(deps, values)! }, usage: flow.usage } : undefined;
  }
  const routing = values.routing;
  if (!routing) return undefined;
  const skills: Record<string, FlowState> = {};
  for (const [name, held] of Object.entries(routing.held)) skills[name] = redactSecrets(activeSkill(deps, name).skill, held, held);
  if (routing.active && flow) skills[routing.active] = redactSecrets(activeSkill(deps, routing.active).skill, flow, flow);
  return { active: routing.active, skills, usage: routing.usage };
}

/** `value` with the secrets of the skills on hold redacted too. Pure. */
function redactHeld<T>(deps: HostDeps, values: Partial<FlowGraphValues>, value: T): T {
  let out = value;
  for (const [name, held] of Object.entries(values.routing?.held ?? {})) out = redactSecrets(activeSkill(deps, name).skill, held, out);
  return out;
}

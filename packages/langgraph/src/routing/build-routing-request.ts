/**
 * The one model request of a free-text message when a flow hosts several skills. Pure (each skill's
 * fields come from a replay of a copy of its state; no tool runs).
 *
 * - With a skill in progress (not finished), the request is that skill's, as in a one-skill flow: its
 *   fields in scope, its pending question, its chat instructions. `null` when a secret is its pending
 *   question: the text must not reach the model.
 * - With none (or a finished one), `skill.name` is empty and `fields` empty.
 * - Either way `skills` lists every hosted skill; each one not in progress carries the fields it would
 *   take now (from its state on hold, or a fresh one), so a message that starts or switches keeps its
 *   values. The size grows with the hosted skills, never with the conversation.
 */
import { initialState, ownValue, understandingContext, type FlowState } from "@skillflow/core";
import { buildExtractRequest } from "../graph/build-extract-request.js";
import { activeSkill, type HostDeps } from "../graph/host-deps.js";
import type { ExtractRequest, HostedSkillInfo } from "../model-port.js";
import { isFinished, type RoutingState } from "./routing-state.js";

export function buildRoutingRequest(deps: HostDeps, routing: RoutingState, flow: FlowState | null, text: string): ExtractRequest | null {
  const inProgress = routing.active && flow && !isFinished(flow) ? routing.active : null;
  const request = inProgress
    ? buildExtractRequest(activeSkill(deps, inProgress).skill, flow!, text, deps.runtime)
    : { skill: { name: "", description: "" }, fields: [], text };
  if (!request) return null;
  request.skills = (deps.hosted ?? []).map(({ skill }): HostedSkillInfo => {
    const info = { name: skill.name, description: skill.description };
    if (skill.name === inProgress) return info;
    const state = ownValue(routing.held, skill.name) ?? initialState(skill.name);
    return { ...info, fields: understandingContext(skill, state, deps.runtime).fields };
  });
  return request;
}

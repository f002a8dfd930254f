/**
 * The one model request of a free-text message. Pure (each skill's fields come from a replay of a copy
 * of its state; no tool runs).
 *
 * - With a skill in progress (not finished), the request is that skill's (`build-skill-request.ts`):
 *   its fields in scope, its pending question, its chat instructions. `null` when a secret is its
 *   pending question: the text must not reach the model.
 * - When the flow chooses between skills (several hosted), `skills` lists every one. Those the message
 *   is likely about (`routing/choose-described-skills.ts`, no model) carry the fields they would take
 *   now (from their state on hold, or a fresh one), so a message that starts or switches keeps its
 *   values; the others are `menu` skills, named only. With none in progress (or a finished one)
 *   `skill.name` is empty and `fields` empty. `knows` lets a rule-based extractor ask a skill's lookup
 *   about a value, and `menuFields` a menu skill's fields. The size grows by one menu line per hosted
 *   skill, never with the conversation.
 */
import { initialState, ownValue, understandingContext, type Skill } from "@skillflow/core";
import { choosesSkills, skillNamed, type HostDeps } from "../graph/host-deps.js";
import { chooseDescribedSkills } from "../routing/choose-described-skills.js";
import { lookupProbe } from "../routing/lookup-probe.js";
import { isFinished } from "../routing/routing-state.js";
import type { Routed } from "../routing/where-now.js";
import { buildSkillRequest } from "./build-skill-request.js";
import type { ExtractRequest, HostedSkillInfo } from "./model-port.js";

export function buildExtractRequest(deps: HostDeps, here: Routed, text: string): ExtractRequest | null {
  const { routing, flow } = here;
  const inProgress = routing.active && flow && !(choosesSkills(deps) && isFinished(flow)) ? routing.active : null;
  const request = inProgress
    ? buildSkillRequest(skillNamed(deps, inProgress).skill, flow!, text, deps.runtime)
    : { skill: { name: "", description: "" }, fields: [], text };
  if (!request || !choosesSkills(deps)) return request;
  const described = chooseDescribedSkills(deps.skills, inProgress, text);
  const fieldsNow = (skill: Skill) => understandingContext(skill, ownValue(routing.held, skill.name) ?? initialState(skill.name), deps.runtime).fields;
  request.skills = deps.skills.map(({ skill }): HostedSkillInfo => {
    const info = { name: skill.name, description: skill.description };
    if (skill.name === inProgress) return info;
    if (!described.has(skill.name)) return { ...info, menu: true };
    return { ...info, fields: fieldsNow(skill) };
  });
  request.knows = lookupProbe(deps);
  // A menu skill's fields are worked out (a replay each) only when a rule-based extractor asks.
  const menu = new Set(request.skills.filter((s) => s.menu).map((s) => s.name));
  request.menuFields = (name) => (menu.has(name) ? fieldsNow(skillNamed(deps, name).skill) : []);
  return request;
}

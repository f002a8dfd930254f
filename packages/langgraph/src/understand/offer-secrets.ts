/**
 * Secrets in free text, for every hosted skill: each skill's known secrets (from its state in progress
 * or on hold, or kept from a run that was closed or cancelled) are masked wherever they appear again, and a secret volunteered before it is asked — a
 * match of its pattern the person names as that secret — is hidden from the model and offered to the
 * skill that handles the message, which keeps it masked and asks for it at its question. Everything
 * else reaches the model as typed (`hideSecrets`). Pure.
 */
import { hideSecrets, maskKnownSecrets, ownValue, type FlowEvent, type FlowState } from "@skillflow/core";
import { skillNamed, type HostDeps } from "../graph/host-deps.js";
import type { Routed } from "../routing/where-now.js";

/** The text with the known and volunteered secrets of every hosted skill hidden. */
export function hideAllSecrets(deps: HostDeps, here: Routed, text: string): string {
  let out = maskKnownSecrets(text, here.routing.secrets ?? []);
  for (const { skill } of deps.skills) out = hideSecrets(skill, stateOf(here, skill.name), out).text;
  return out;
}

/** The event with the secrets volunteered in its text offered to the skill now in progress. */
export function withOffers(deps: HostDeps, routed: Routed, event: Extract<FlowEvent, { type: "text" | "preset" }>): FlowEvent {
  if (event.type !== "text" || !routed.routing.active) return event;
  const { skill } = skillNamed(deps, routed.routing.active);
  const { offers } = hideSecrets(skill, routed.flow, event.text);
  return Object.keys(offers).length > 0 ? { ...event, offers } : event;
}

/** The state of a hosted skill in this conversation: in progress, on hold, or none yet. */
function stateOf(here: Routed, name: string): FlowState | null {
  if (name === here.routing.active) return here.flow;
  return ownValue(here.routing.held, name) ?? null;
}

/**
 * Secrets typed before they are asked: hidden from the model for every hosted skill (the answered
 * secrets of the skill in progress included), and offered to the skill that handles the message, to
 * be taken at its question. Pure.
 */
import { hideSecrets, type FlowEvent } from "@skillflow/core";
import { skillNamed, type HostDeps } from "../graph/host-deps.js";
import type { Routed } from "../routing/where-now.js";

/** The text with the secrets of every hosted skill hidden (those answered in the skill in progress kept). */
export function hideAllSecrets(deps: HostDeps, here: Routed, text: string): string {
  let out = text;
  for (const { skill } of deps.skills) out = hideSecrets(skill, skill.name === here.routing.active ? here.flow : null, out).text;
  return out;
}

/** The event with the secrets found in its text offered to the skill now in progress. */
export function withOffers(deps: HostDeps, routed: Routed, event: Extract<FlowEvent, { type: "text" | "preset" }>): FlowEvent {
  if (event.type !== "text" || !routed.routing.active) return event;
  const { skill } = skillNamed(deps, routed.routing.active);
  const { offers } = hideSecrets(skill, routed.flow, event.text);
  return Object.keys(offers).length > 0 ? { ...event, offers } : event;
}

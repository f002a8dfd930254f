/**
 * The lines routing adds to a turn's reply, before the skill's own: what was put on hold, cancelled
 * or resumed, and — when no skill is in progress — what the flow can do and what is on hold. Pure.
 */
import type { Effect } from "@skillflow/core";
import { skillNamed, type HostDeps } from "../graph/host-deps.js";
import type { RouteNote, RoutingState } from "./routing-state.js";

export function routeNotes(deps: HostDeps, routing: RoutingState, note: RouteNote | undefined): Effect[] {
  const title = (name: string) => skillNamed(deps, name).skill.title;
  const lines: string[] = [];
  if (note?.cancelled) lines.push(`Cancelled: ${title(note.cancelled)}.`);
  if (note?.held) lines.push(`${title(note.held)} is on hold.`);
  if (note?.resumed) lines.push(`Back to ${title(note.resumed)}.`);
  if (!routing.active) lines.push(...idleLines(deps, routing));
  return lines.map((text): Effect => ({ type: "say", text }));
}

/**
 * The menu of hosted skills, numbered in the order they are hosted (a host may let the person pick by
 * number and send `{ open: name }`). Pure.
 */
export function skillsMenu(skills: ReadonlyArray<{ title: string; description: string }>): string[] {
  return ["What would you like to do? I can help with:", ...skills.map((s, i) => `${i + 1}. ${s.title}: ${s.description}`)];
}

/** What the flow can do, and what is on hold. Pure. */
export function idleLines(deps: HostDeps, routing: RoutingState): string[] {
  const lines = skillsMenu(deps.skills.map(({ skill }) => skill));
  const held = Object.keys(routing.held).map((name) => skillNamed(deps, name).skill.title);
  if (held.length) lines.push(`On hold: ${held.join(", ")}. Say so to go back to it.`);
  return lines;
}

/**
 * The lines routing adds to a turn's reply, before the skill's own: what was put on hold, cancelled
 * or resumed, and — when no skill is in progress — what the flow can do and what is on hold. Pure.
 */
import type { Effect } from "@skillflow/core";
import { activeSkill, type HostDeps } from "../graph/host-deps.js";
import type { RouteNote, RoutingState } from "./routing-state.js";

export function routeNotes(deps: HostDeps, routing: RoutingState, note: RouteNote | undefined): Effect[] {
  const title = (name: string) => activeSkill(deps, name).skill.title;
  const lines: string[] = [];
  if (note?.cancelled) lines.push(`Cancelled: ${title(note.cancelled)}.`);
  if (note?.held) lines.push(`${title(note.held)} is on hold.`);
  if (note?.resumed) lines.push(`Back to ${title(note.resumed)}.`);
  if (!routing.active) lines.push(...idleLines(deps, routing));
  return lines.map((text): Effect => ({ type: "say", text }));
}

/** What the flow can do, and what is on hold. Pure. */
export function idleLines(deps: HostDeps, routing: RoutingState): string[] {
  const lines = ["What would you like to do? I can help with:"];
  for (const { skill } of deps.hosted ?? []) lines.push(`- ${skill.title}: ${skill.description}`);
  const held = Object.keys(routing.held).map((name) => activeSkill(deps, name).skill.title);
  if (held.length) lines.push(`On hold: ${held.join(", ")}. Say so to go back to it.`);
  return lines;
}

/**
 * Carrying out a routing decision on the conversation's state: the skill in progress is put on hold
 * (answers kept, unfinished writes voided), cancelled or closed; the chosen skill is resumed from hold
 * or started as a new run. A run put on hold or closed gives the conversation the answers it
 * established for it (`keep: conversation`); a cancelled one gives nothing. The chosen skill starts, or
 * comes back, with the conversation's kept answers. Pure.
 */
import { giveKept, ownValue, secretValuesOf } from "@skillflow/core";
import { skillNamed, type HostDeps } from "../graph/host-deps.js";
import type { RouteDecision } from "./decide-route.js";
import { keepFrom, keepSecrets, startRun, type RouteNote } from "./routing-state.js";
import { voidUnfinished } from "./void-unfinished.js";
import type { Routed } from "./where-now.js";

export function applyRoute(deps: HostDeps, threadId: string, start: Routed, decision: RouteDecision): Routed {
  let { routing, flow } = start;
  const note: RouteNote = {};
  if (decision.close && flow) {
    const { skill, how } = decision.close;
    if (how !== "cancel") routing = keepFrom(routing, skillNamed(deps, skill).skill, flow, deps.runtime);
    if (how === "hold") {
      const { flow: kept, voided } = voidUnfinished(skillNamed(deps, skill).skill, flow);
      routing = { ...routing, held: { ...routing.held, [skill]: kept } };
      if (voided.length) note.voided = voided;
    } else {
      // A closed or cancelled run is dropped; the secrets given in it stay masked in later messages.
      routing = keepSecrets(routing, secretValuesOf(skillNamed(deps, skill).skill, flow));
    }
    note[how === "hold" ? "held" : how === "cancel" ? "cancelled" : "closed"] = skill;
    routing = { ...routing, active: null };
    flow = null;
  }
  if (decision.open) {
    const name = decision.open;
    const held = ownValue(routing.held, name);
    if (held) {
      const { [name]: _resumed, ...rest } = routing.held;
      routing = { ...routing, held: rest };
      flow = giveKept(skillNamed(deps, name).skill, held, routing.kept ?? {});
      note.resumed = name;
    } else {
      ({ routing, flow } = startRun(routing, threadId, skillNamed(deps, name).skill));
      note.started = name;
    }
    routing = { ...routing, active: name };
  }
  return Object.keys(note).length ? { routing, flow, note } : { routing, flow };
}

/**
 * A conversation handed to a person (its skill in progress ran a `handoff` step), or ended by name (it
 * reached an `end` step), has ended: every
 * later event goes straight to that skill's state, whose `step` answers with one fixed sentence and
 * applies nothing. No model call reads the message, no routing runs, no skill opens or resumes.
 *
 * A hand-off in doubt (its tool threw or timed out: it may have gone through) holds the conversation
 * the same way until it is settled: every event goes to that skill as typed, with no model call and no
 * routing, and its replay sends the hand-off again with its key. Opening another skill, or a message
 * routed to one, would let that skill's writes run after a hand-off that may have happened. Pure.
 */
import type { FlowEvent, FlowState } from "@skillflow/core";
import { findSkill, type HostDeps } from "../graph/host-deps.js";
import type { HostEvent } from "../to-flow-event.js";
import { routingOf, type StoredConversation } from "./where-now.js";

/** The state of the conversation's skill in progress when it was handed over or ended, or a hand-off of it is in doubt; else undefined. */
export function handedOffFlow(deps: HostDeps, stored: StoredConversation): FlowState | undefined {
  const flow = stored.flow;
  const active = routingOf(deps, stored)?.active;
  if (!active || !flow) return undefined;
  return flow.handedOff || flow.ended || handoffInDoubt(deps, active, flow) ? flow : undefined;
}

/** Whether a hand-off of skill `name` may have gone through without the flow knowing (ledger `doubt`). Pure. */
function handoffInDoubt(deps: HostDeps, name: string, flow: FlowState): boolean {
  const tools = findSkill(deps, name)?.skill.tools ?? {};
  return Object.values(flow.ledger).some((entry) => entry.status === "doubt" && Object.hasOwn(tools, entry.tool) && tools[entry.tool]!.kind === "handoff");
}

/** The event a handed-off flow gets for a person's input: as typed, never understood; a skill to open, as nothing. */
export function eventAfterHandoff(input: HostEvent): FlowEvent {
  if (input.type === "open") return { type: "preset", values: {} };
  if (input.type === "text") return { type: "text", text: input.text };
  return input;
}

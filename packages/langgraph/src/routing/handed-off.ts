/**
 * A conversation handed to a person (its skill in progress ran a `handoff` step) has ended: every
 * later event goes straight to that skill's state, whose `step` answers with one fixed sentence and
 * applies nothing. No model call reads the message, no routing runs, no skill opens or resumes. Pure.
 */
import type { FlowEvent, FlowState } from "@skillflow/core";
import type { HostDeps } from "../graph/host-deps.js";
import type { HostEvent } from "../to-flow-event.js";
import { routingOf, type StoredConversation } from "./where-now.js";

/** The handed-off state of the conversation's skill in progress, or undefined when it was not handed over. */
export function handedOffFlow(deps: HostDeps, stored: StoredConversation): FlowState | undefined {
  const flow = stored.flow;
  return routingOf(deps, stored)?.active && flow?.handedOff ? flow : undefined;
}

/** The event a handed-off flow gets for a person's input: as typed, never understood; a skill to open, as nothing. */
export function eventAfterHandoff(input: HostEvent): FlowEvent {
  if (input.type === "open") return { type: "preset", values: {} };
  if (input.type === "text") return { type: "text", text: input.text };
  return input;
}

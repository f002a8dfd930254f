/**
 * Free text that answers the card or grid on screen by itself (`readTypedAnswer` in @skillflow/core):
 * a yes or a no from the fixed list at a card, a row's words at a grid. The graph sends such text
 * straight to the replay, never to the model, and admits it as the press or pick it is — the same for
 * every host (`flow chat`, the chat page, AG-UI, MCP, proofs). Text that names several rows is answered
 * with those rows (a refusal of the pick, then the question and its grid again). Text another model
 * relayed (`relayed: true`, an MCP host's) is never read so: only the person's own words answer. Pure.
 */
import { readTypedAnswer, type Effect, type FlowEvent, type TraceEvent, type TypedAnswer } from "@skillflow/core";
import { extendTurn, type FlowGraphUpdate, type TurnOutput } from "../graph/flow-graph-state.js";
import { skillInProgress, type HostDeps } from "../graph/host-deps.js";
import type { HostEvent } from "../to-flow-event.js";
import { routingOf, type Routed, type StoredConversation } from "./where-now.js";

/** What `input` answers by itself in the skill in progress, or undefined (it is a message for the model). Pure. */
export function readTypedText(deps: HostDeps, stored: StoredConversation, input: HostEvent | null): TypedAnswer | undefined {
  if (input?.type !== "text" || input.extraction || input.relayed) return undefined;
  const routing = routingOf(deps, stored);
  if (!routing?.active || !stored.flow) return undefined;
  const { skill } = skillInProgress(deps, routing);
  return readTypedAnswer(skill, stored.flow, input.text, deps.runtime);
}

/**
 * The graph update that admits a typed answer: the press or pick as the event; for several rows, the
 * text as a message that proposes nothing, after the refusal that names the rows. Pure.
 */
export function admitTypedText(here: Routed, out: TurnOutput, text: string, typed: TypedAnswer): FlowGraphUpdate {
  if ("event" in typed) return { ...here, event: typed.event, input: null };
  const { field, message } = typed.several;
  const effects: Effect[] = [{ type: "refuse", field, message }];
  const trace: TraceEvent[] = [{ type: "refused", field, message }];
  const event: FlowEvent = { type: "text", text, extraction: { ok: true, values: {} } };
  return { ...here, event, input: null, out: extendTurn(out, { effects, trace }) };
}

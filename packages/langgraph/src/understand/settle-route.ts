/**
 * Carrying out what understanding decided: the routing decision is applied to the conversation
 * (`apply-route.ts`: a no-op when there was nothing to decide), what routing did and what it dropped
 * goes into the turn, and the event goes on to the skill now in progress — or the turn ends here when
 * none is (several skills hosted), saying what the flow can do. Pure.
 */
import type { FlowEvent, TraceEvent } from "@skillflow/core";
import { extendTurn, type FlowGraphUpdate, type TurnOutput } from "../graph/flow-graph-state.js";
import type { HostDeps } from "../graph/host-deps.js";
import { applyRoute } from "../routing/apply-route.js";
import type { RouteDecision } from "../routing/decide-route.js";
import { routeNotes } from "../routing/route-notes.js";
import type { Routed } from "../routing/where-now.js";
import { withOffers } from "./offer-secrets.js";

export function settleRoute(
  deps: HostDeps, out: TurnOutput, threadId: string, here: Routed, decision: RouteDecision,
  event: Extract<FlowEvent, { type: "text" | "preset" }>,
): FlowGraphUpdate {
  const routed = applyRoute(deps, threadId, here, decision);
  const trace: TraceEvent[] = decision.dropped.map((d) => ({ type: "dropped", ...d }));
  if (!routed.flow && event.type === "text" && event.extraction?.ok) {
    const reason = decision.close?.how === "cancel" ? `${decision.close.skill} was cancelled` : "no skill is in progress";
    for (const field of Object.keys(event.extraction.values)) trace.push({ type: "dropped", field, reason });
  }
  const effects = routeNotes(deps, routed.routing, routed.note);
  const more = extendTurn(out, { effects, trace, ...(routed.note ? { route: routed.note } : {}) });
  return { routing: routed.routing, flow: routed.flow, event: routed.flow ? withOffers(deps, routed, event) : null, input: null, out: more };
}

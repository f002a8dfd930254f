/**
 * The replay node: a thin adapter over the pure `step`. It applies the pending event (the person's, or
 * a tool result), keeps what the turn shows, and hands the `call` effect (at most one per step) to the
 * act node. A write's `started` ledger entry comes back in the state `step` returns, so it is
 * checkpointed at the end of this super-step, before the act node runs the write. With several skills
 * hosted, it steps the skill in progress.
 */
import { step, type Effect } from "@skillflow/core";
import type { CallEffect } from "../run-tool.js";
import { extendTurn, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import { activeSkill, type HostDeps } from "./host-deps.js";

export function replayNode(deps: HostDeps) {
  return (state: FlowGraphValues): FlowGraphUpdate => {
    if (!state.flow || !state.event) throw new Error("The replay node needs a flow and an event.");
    const { skill } = activeSkill(deps, state.routing?.active);
    const result = step(skill, state.flow, state.event, deps.runtime);
    const call = result.effects.find((e): e is CallEffect => e.type === "call") ?? null;
    const shown = result.effects.filter((e: Effect) => e.type !== "call");
    return { flow: result.state, event: null, call, out: extendTurn(state.out, { effects: shown, trace: result.trace }) };
  };
}

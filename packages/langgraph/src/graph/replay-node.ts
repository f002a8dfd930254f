/**
 * The replay node: a thin adapter over the pure `step`. It applies the pending event (the person's),
 * runs the lookups the replay asks for inside this same super-step (`advance-flow.ts`), keeps what the
 * turn shows, and stops at a person or at the first write. A write's `started` ledger entry comes back
 * in the state, so it is checkpointed at the end of this super-step, before the act node runs the write.
 * With several skills hosted, it steps the skill in progress.
 */
import { advanceFlow } from "./advance-flow.js";
import type { FlowGraphUpdate, FlowGraphValues } from "./flow-graph-state.js";
import { activeSkill, type HostDeps } from "./host-deps.js";

export function replayNode(deps: HostDeps) {
  return async (state: FlowGraphValues): Promise<FlowGraphUpdate> => {
    if (!state.flow || !state.event) throw new Error("The replay node needs a flow and an event.");
    const { skill, tools } = activeSkill(deps, state.routing?.active);
    const advanced = await advanceFlow(deps, skill, tools, state.flow, state.event, state.out);
    return { ...advanced, event: null };
  };
}

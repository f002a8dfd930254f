/**
 * The replay node: a thin adapter over the pure `step`. A typed event is admitted first, here, with no
 * model call (`admit-event.ts`); free text arrives understood. The node applies the event to the skill
 * in progress, runs the lookups the replay asks for inside this same super-step (`advance-flow.ts`),
 * keeps what the turn shows, and stops at a person or at the first write. A write's `started` ledger
 * entry comes back in the state, so it is checkpointed at the end of this super-step, before the act
 * node runs the write.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { admitEvent } from "../understand/admit-event.js";
import { whereNow } from "../routing/where-now.js";
import { advanceFlow } from "./advance-flow.js";
import { threadIdOf, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import { skillInProgress, type HostDeps } from "./host-deps.js";

export function replayNode(deps: HostDeps) {
  return async (state: FlowGraphValues, config: LangGraphRunnableConfig): Promise<FlowGraphUpdate> => {
    const admitted = state.event ? {} : admit(deps, state, config);
    const values = { ...state, ...admitted };
    if (!values.event) return admitted;
    if (!values.flow || !values.routing) throw new Error("The replay node needs a skill in progress.");
    const { skill, tools } = skillInProgress(deps, values.routing);
    const advanced = await advanceFlow(deps, skill, tools, values.flow, values.event, values.out);
    return { ...admitted, ...advanced, event: null };
  };
}

function admit(deps: HostDeps, state: FlowGraphValues, config: LangGraphRunnableConfig): FlowGraphUpdate {
  if (!state.input) throw new Error("A turn needs an event.");
  const threadId = threadIdOf(config);
  return admitEvent(deps, state.out, threadId, whereNow(deps, state, threadId), state.input);
}

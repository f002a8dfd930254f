/**
 * The compiled StateGraph of a flow (one skill or several, the same graph):
 *
 *   START ─(free text)→ understand → replay → act ⟲
 *     │                     │          │       └──→ END (the flow stopped at a person)
 *     │                     │          └──────────→ END (the flow stopped at a person)
 *     │                     └─────────────────────→ END (several skills hosted and none in progress)
 *     └─(a typed event: pick, press, approval, preset, open; a pick from the menu of skills; a yes or
 *        no typed at a card, a row's words at a grid; anything, once the conversation was handed to a
 *        person)→ replay
 *
 * `understand` is the one model call of a free-text message (and routing, with several skills). A typed
 * event never reaches it: the replay node admits it. `replay` runs the lookups it needs inside its own
 * super-step and stops at a person or at a write; `act` runs that write and goes on the same way to the
 * next one. The host runs the steps before `act` without storing them and stops there (create-flow.ts),
 * so a turn costs one checkpoint where it first stops — at a person, or before its first write, with
 * that write's `started` entry — and one per write after it.
 * `thread_id` is the conversation.
 */
import { Command, END, MemorySaver, START, StateGraph, type BaseCheckpointSaver, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { handedOffFlow } from "../routing/handed-off.js";
import { readMenuPick } from "../routing/read-menu-pick.js";
import { readTypedText } from "../routing/read-typed-text.js";
import { routingOf } from "../routing/where-now.js";
import { needsModel } from "../understand/admit-event.js";
import { understandNode } from "../understand/understand-node.js";
import { actNode } from "./act-node.js";
import { changesOnly, FlowGraphState, type FlowGraphUpdate, type FlowGraphValues } from "./flow-graph-state.js";
import type { HostDeps } from "./host-deps.js";
import { replayNode } from "./replay-node.js";

/** Build and compile the graph. The default checkpointer is an in-memory MemorySaver. */
export function buildFlowGraph(deps: HostDeps, checkpointer: BaseCheckpointSaver = new MemorySaver()) {
  return new StateGraph(FlowGraphState)
    .addNode("understand", routed(understandNode(deps), routeAfterUnderstand), { ends: ["replay", END] })
    .addNode("replay", routed(replayNode(deps), routeToWrite), { ends: ["act", END] })
    .addNode("act", routed(actNode(deps), routeToWrite), { ends: ["act", END] })
    .addConditionalEdges(START, (state: FlowGraphValues) => routeAtStart(deps, state), ["understand", "replay"])
    .compile({ checkpointer, name: `skillflow:${deps.skills.map((h) => h.skill.name).join("+")}` });
}

export type FlowGraph = ReturnType<typeof buildFlowGraph>;

/**
 * A node that writes only the channels it changed (`changesOnly`) and names the node to run next, decided
 * by `route` on the state after its update. A `Command` rather than a conditional edge: an edge is one
 * more runnable per step (a run tree, a config merge, its own writes), LangGraph's overhead, not ours.
 */
function routed<Next extends string>(
  node: (state: FlowGraphValues, config: LangGraphRunnableConfig) => Promise<FlowGraphUpdate>,
  route: (state: FlowGraphValues) => Next,
) {
  return async (state: FlowGraphValues, config: LangGraphRunnableConfig) => {
    const update = changesOnly(state, await node(state, config));
    return new Command({ update, goto: route({ ...state, ...update } as FlowGraphValues) });
  };
}

/**
 * Free text goes to the model first — except a pick from the menu of skills, and a yes or no at a card
 * or a row's words at a grid (`read-typed-text.ts`); a typed event straight to the replay. Pure.
 */
export function routeAtStart(deps: HostDeps, state: FlowGraphValues): "understand" | "replay" {
  if (!needsModel(state.input) || handedOffFlow(deps, state)) return "replay";
  if (readMenuPick(deps, routingOf(deps, state), state.input)) return "replay";
  return readTypedText(deps, state, state.input) ? "replay" : "understand";
}

/** After understanding: replay the event, or end the turn when there is none (no skill in progress). Pure. */
function routeAfterUnderstand(state: FlowGraphValues): "replay" | typeof END {
  return state.event ? "replay" : END;
}

/** After a replay or a write: run the write the flow stopped at, or end the turn. Pure. */
function routeToWrite(state: FlowGraphValues): "act" | typeof END {
  return state.call ? "act" : END;
}

/**
 * The compiled StateGraph for one loaded skill:
 *
 *   START → understand → replay ⇄ act
 *                          └──────→ END (the replay stopped at a person)
 *
 * `thread_id` is the conversation. Each node is a super-step, so each is checkpointed: a crash resumes
 * from the last recorded effect.
 */
import { END, MemorySaver, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { actNode } from "./act-node.js";
import { FlowGraphState, type FlowGraphValues } from "./flow-graph-state.js";
import type { HostDeps } from "./host-deps.js";
import { replayNode } from "./replay-node.js";
import { understandNode } from "./understand-node.js";

/** Build and compile the graph. The default checkpointer is an in-memory MemorySaver. */
export function buildFlowGraph(deps: HostDeps, checkpointer: BaseCheckpointSaver = new MemorySaver()) {
  return new StateGraph(FlowGraphState)
    .addNode("understand", understandNode(deps))
    .addNode("replay", replayNode(deps))
    .addNode("act", actNode(deps))
    .addEdge(START, "understand")
    .addEdge("understand", "replay")
    .addConditionalEdges("replay", routeAfterReplay, ["act", END])
    .addEdge("act", "replay")
    .compile({ checkpointer, name: `skillflow:${deps.skill.name}` });
}

export type FlowGraph = ReturnType<typeof buildFlowGraph>;

/** After a replay: run the call it asked for, or end the turn. Pure. */
function routeAfterReplay(state: FlowGraphValues): "act" | typeof END {
  return state.call ? "act" : END;
}

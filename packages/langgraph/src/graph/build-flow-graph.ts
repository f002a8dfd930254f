/**
 * The compiled StateGraph for one loaded skill:
 *
 *   START → understand → replay → act ⟲
 *               │          │       └──→ END (the flow stopped at a person)
 *               │          └──────────→ END (the flow stopped at a person)
 *               └─────────────────────→ END (several skills hosted and none in progress)
 *
 * `replay` runs the lookups it needs inside its own super-step and stops at a person or at a write;
 * `act` runs that write and goes on the same way to the next one. So a turn costs one checkpoint per
 * node — understand, replay, and one per write — and a write's `started` entry is always stored before
 * the act node runs it. With several skills hosted, `understand` is the routing node
 * (`routing/route-node.ts`). `thread_id` is the conversation.
 */
import { END, MemorySaver, START, StateGraph, type BaseCheckpointSaver } from "@langchain/langgraph";
import { actNode } from "./act-node.js";
import { FlowGraphState, type FlowGraphValues } from "./flow-graph-state.js";
import type { HostDeps } from "./host-deps.js";
import { replayNode } from "./replay-node.js";
import { understandNode } from "./understand-node.js";
import { routeNode } from "../routing/route-node.js";

/** Build and compile the graph. The default checkpointer is an in-memory MemorySaver. */
export function buildFlowGraph(deps: HostDeps, checkpointer: BaseCheckpointSaver = new MemorySaver()) {
  return new StateGraph(FlowGraphState)
    .addNode("understand", deps.hosted ? routeNode(deps) : understandNode(deps))
    .addNode("replay", replayNode(deps))
    .addNode("act", actNode(deps))
    .addEdge(START, "understand")
    .addConditionalEdges("understand", routeAfterUnderstand, ["replay", END])
    .addConditionalEdges("replay", routeAfterReplay, ["act", END])
    .addConditionalEdges("act", routeAfterReplay, ["act", END])
    .compile({ checkpointer, name: `skillflow:${graphName(deps)}` });
}

export type FlowGraph = ReturnType<typeof buildFlowGraph>;

/** After understanding: replay the event, or end the turn when there is none (no skill in progress). Pure. */
function routeAfterUnderstand(state: FlowGraphValues): "replay" | typeof END {
  return state.event ? "replay" : END;
}

function graphName(deps: HostDeps): string {
  return deps.hosted ? deps.hosted.map((h) => h.skill.name).join("+") : deps.skill.name;
}

/** After a replay or a write: run the write the flow stopped at, or end the turn. Pure. */
function routeAfterReplay(state: FlowGraphValues): "act" | typeof END {
  return state.call ? "act" : END;
}

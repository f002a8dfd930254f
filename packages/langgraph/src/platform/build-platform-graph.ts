/**
 * The compiled graph of a skill (or several) hosted on LangGraph's own server:
 *
 *   START → receive ─→ understand → replay → act ⟲ ─→ reply → wait ─(resume)→ understand | replay
 *              │            (the flow graph's own nodes)      ↑      └──(nothing to wait for)→ END
 *              └─(a message already taken)→ wait ──────────────┘
 *
 * The flow's nodes are the flow graph's (`build-flow-graph.ts`): the model call, the pure replay and the
 * act node with its ledger, unchanged. What is added speaks LangGraph's convention (`platform-nodes.ts`):
 * a run's input is a human message in `messages`, the reply an AI message there, and every wait for the
 * person an `interrupt()`. The input schema is `messages` alone, so a run's input cannot set the
 * runtime's state; the output schema is `messages` and `waiting`, so a thread's state as clients read it
 * holds no secret. Compiled without a checkpointer: the server gives its own (a test may pass one).
 */
import { Annotation, Command, END, START, StateGraph, type BaseCheckpointSaver, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { actNode } from "../graph/act-node.js";
import { changesOnly, type FlowGraphUpdate, type FlowGraphValues } from "../graph/flow-graph-state.js";
import type { HostDeps } from "../graph/host-deps.js";
import { replayNode } from "../graph/replay-node.js";
import { understandNode } from "../understand/understand-node.js";
import { receiveNode, replyNode, routeAfterStep, waitNode, type Next, type Routed } from "./platform-nodes.js";
import { PlatformGraphState, type PlatformGraphUpdate, type PlatformGraphValues } from "./platform-state.js";

/** What a run may be given: messages only. */
const PlatformInput = Annotation.Root({ messages: PlatformGraphState.spec.messages });
/**
 * What a client reads of the thread (`values` streams, `threads.getState`, its history, Studio's state
 * view): the messages and the wait, not the runtime's state, which holds the person's secrets in clear.
 */
const PlatformOutput = Annotation.Root({ messages: PlatformGraphState.spec.messages, waiting: PlatformGraphState.spec.waiting });

const AFTER_STEP = ["understand", "replay", "act", "reply"];
const AFTER_WAIT = ["understand", "replay", "wait", END];

export function buildPlatformGraph(deps: HostDeps, checkpointer?: BaseCheckpointSaver) {
  const graph = new StateGraph({ stateSchema: PlatformGraphState, input: PlatformInput, output: PlatformOutput })
    .addNode("receive", routing(receiveNode(deps)), { ends: ["understand", "replay", "act", "wait"] })
    .addNode("understand", flowStep(deps, understandNode(deps)), { ends: AFTER_STEP })
    .addNode("replay", flowStep(deps, replayNode(deps)), { ends: AFTER_STEP })
    .addNode("act", flowStep(deps, actNode(deps)), { ends: AFTER_STEP })
    .addNode("reply", routing(replyNode(deps)), { ends: ["wait"] })
    .addNode("wait", routing(waitNode(deps)), { ends: AFTER_WAIT })
    .addEdge(START, "receive")
    .compile({ ...(checkpointer && { checkpointer }), name: `skillflow:${deps.skills.map((h) => h.skill.name).join("+")}` });
  // The output schema limits what `invoke` returns; the state a client reads (`values` streams,
  // `getState`, its history) is the stream channels', every channel unless narrowed here.
  graph.streamChannels = Object.keys(PlatformOutput.spec);
  return graph;
}

export type PlatformGraph = ReturnType<typeof buildPlatformGraph>;

/** A platform node as a LangGraph node: its update, and the node it names next. */
function routing(node: (state: PlatformGraphValues) => Routed) {
  return (state: PlatformGraphValues) => {
    const { update, goto } = node(state);
    return new Command({ update, goto });
  };
}

/** One of the flow graph's nodes: only the channels it changed, then the route after a step. */
function flowStep(deps: HostDeps, node: (state: FlowGraphValues, config: LangGraphRunnableConfig) => Promise<FlowGraphUpdate>) {
  return async (state: PlatformGraphValues, config: LangGraphRunnableConfig) => {
    const update = changesOnly(state as FlowGraphValues, await node(state as FlowGraphValues, config)) as PlatformGraphUpdate;
    const goto: Next = routeAfterStep(deps, { ...state, ...update } as PlatformGraphValues);
    return new Command({ update, goto });
  };
}

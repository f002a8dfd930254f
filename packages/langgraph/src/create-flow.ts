/**
 * `createFlow`: the embedding API. One compiled graph per flow (one skill, or several routed by the
 * message: `routing/`); `send(threadId, event)` runs one
 * turn of the conversation `threadId` and returns what to show. Turns of one thread are serialized by a
 * lock (in-process by default; pass the store's lock when several processes share a checkpointer).
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { FlowState, RuntimeLimits, Skill } from "@skillflow/core";
import { chatModelPort } from "./understand/chat-model-port.js";
import { buildFlowGraph, type FlowGraph } from "./graph/build-flow-graph.js";
import { emptyTurn, type FlowGraphValues } from "./graph/flow-graph-state.js";
import { isInterrupted } from "./graph/unfinished-work.js";
import { DEFAULT_TOOL_TIMEOUT_MS, type HostDeps } from "./graph/host-deps.js";
import { loadFlowSkill, type FlowTool } from "./load-flow-skill.js";
import type { ModelPort } from "./understand/model-port.js";
import type { ThreadLock } from "./persistence/thread-lock.js";
import type { Persistence } from "./persistence/persistence.js";
import { resolveFlowStore } from "./persistence/flow-store.js";
import type { DeploymentKeyInput } from "./persistence/deployment-key.js";
import type { TurnResult } from "./render/render-turn.js";
import { activeState, conversationView, renderFlowTurn, type ConversationView } from "./render/flow-views.js";
import { loadHostedSkills, type FlowSkillSource } from "./routing/load-hosted-skills.js";
import { failureInjector } from "./run-tool.js";
import { deriveKey } from "./persistence/deployment-key.js";
import { toFlowEvent, type FlowInput } from "./to-flow-event.js";

export interface FlowLimits extends RuntimeLimits {
  /** Milliseconds a tool may take before it is aborted and counted as failed (default 30 s). */
  toolTimeoutMs: number;
}

export interface CreateFlowOptions {
  /** A loaded skill, or the path of a skill folder or SKILL.md (loaded with its tools.ts). */
  skill?: Skill | string;
  /**
   * Several skills in one conversation (instead of `skill`): each message that starts something new
   * selects one by its description, in the same model call that fills its fields. See docs/embedding.md.
   */
  skills?: FlowSkillSource[];
  /** Tools by name (or a list); added to, or replacing, those loaded from the skill's tools.ts. */
  tools?: Record<string, FlowTool> | FlowTool[];
  /** A model port, or any LangChain chat model (wrapped with `chatModelPort`). */
  model: ModelPort | BaseChatModel;
  /** Where conversations are kept; default an in-memory MemorySaver. */
  checkpointer?: BaseCheckpointSaver;
  /** Serializes the turns of one thread; default the store's lock, else an in-process lock. */
  lock?: ThreadLock;
  /**
   * An opened store (`openCheckpointer(url)`): its saver and cross-process lock are used, and each
   * thread is pruned to its latest `keepCheckpoints` checkpoints after every turn. Without `store` or
   * `checkpointer`, an in-memory store (pruned the same way) is used.
   */
  store?: Persistence;
  /** Checkpoints kept per thread by the store's pruning (default 3). */
  keepCheckpoints?: number;
  limits?: Partial<FlowLimits>;
  /** The clock handed to tools: a fixed ISO time (proofs) or a function. Default: the real clock. */
  now?: string | (() => string);
  /** Injected failures (proofs): `{ tool: n }` makes the tool throw on its first n runs (a write is in doubt). */
  failures?: Record<string, number>;
  /** Injected rejections (proofs): `{ tool: n }` makes the tool throw `ToolRejected` on its first n runs. */
  rejections?: Record<string, number>;
  /**
   * The deployment key (hex or base64 text of at least 32 bytes, or bytes). Default: the store's
   * (`openCheckpointer(url, { deploymentKey })`), else SKILLFLOW_DEPLOYMENT_KEY, else random per
   * process. Given with a `store`, it must be the store's. See docs/operations.md.
   */
  deploymentKey?: DeploymentKeyInput;
  /** When checkpoints are written; default "sync" (a write's `started` entry is stored before it runs). */
  durability?: "sync" | "async" | "exit";
}

export interface Flow {
  /** The skill (the first one when several are hosted). */
  readonly skill: Skill;
  /** Every hosted skill, in the order given. */
  readonly skills: Skill[];
  readonly model: ModelPort;
  /** The compiled LangGraph graph (can be hosted by LangGraph's own server). */
  readonly graph: FlowGraph;
  /** Run one turn of conversation `threadId`. */
  send(threadId: string, input: FlowInput): Promise<TurnResult>;
  /**
   * Finish a turn a crash interrupted (between any two checkpoints, even when LangGraph's `next` is
   * empty): a write left `started` is re-sent with its idempotency key. Undefined when nothing was left.
   * `send` does the same before it applies its event.
   */
  resume(threadId: string): Promise<TurnResult | undefined>;
  /**
   * The conversation's state with secrets redacted; undefined before its first event. With several
   * skills: the state of the skill in progress (undefined when none is), its `usage` the conversation's.
   */
  state(threadId: string): Promise<FlowState | undefined>;
  /** Every skill's state (the one in progress and those on hold) and the conversation's usage. */
  conversation(threadId: string): Promise<ConversationView | undefined>;
}

const DEFAULT_MAX_CALLS = 50;

/** Load the skill (when given a path), compile its graph, and return the flow. */
export async function createFlow(options: CreateFlowOptions): Promise<Flow> {
  const store = await resolveFlowStore(options);
  const deps = await hostDeps(options, store.deploymentKey);
  const graph = buildFlowGraph(deps, store.saver);
  const lock = store.lock;
  const config = (threadId: string) => ({
    configurable: { thread_id: threadId },
    recursionLimit: 2 * (deps.runtime.maxCallsPerEvent ?? DEFAULT_MAX_CALLS) + 10,
    durability: options.durability ?? "sync",
  });
  const run = async (threadId: string, input: Parameters<FlowGraph["invoke"]>[0]): Promise<FlowGraphValues> => {
    const values = (await graph.invoke(input, config(threadId))) as FlowGraphValues;
    await store.afterTurn(threadId);
    return values;
  };
  /** Finish a run a crash interrupted (`failed`: also one whose task threw); its values, or undefined. */
  const finish = async (threadId: string, failed: boolean): Promise<FlowGraphValues | undefined> => {
    const snapshot = await graph.getState(config(threadId));
    return isInterrupted(snapshot, { failed }) ? run(threadId, null) : undefined;
  };
  return {
    skill: deps.skills[0]!.skill,
    skills: deps.skills.map((h) => h.skill),
    model: deps.model,
    graph,
    send: async (threadId, event) => {
      const input = toFlowEvent(event);
      return lock.run(threadId, async () => {
        // The event applies after what a crash left is finished; the reply shows both.
        const finished = await finish(threadId, false);
        return renderFlowTurn(deps, await run(threadId, { input, event: null, call: null, out: finished?.out ?? emptyTurn() }));
      });
    },
    resume: (threadId) =>
      lock.run(threadId, async () => {
        const finished = await finish(threadId, true);
        return finished && renderFlowTurn(deps, finished);
      }),
    state: async (threadId) => activeState(deps, (await graph.getState(config(threadId))).values),
    conversation: async (threadId) => conversationView(deps, (await graph.getState(config(threadId))).values),
  };
}

/** What the graph's nodes are built with, from the options (loads the skill when given a path). */
async function hostDeps(options: CreateFlowOptions, deploymentKey: Uint8Array): Promise<HostDeps> {
  return {
    skills: await hostedSkills(options),
    model: toModelPort(options.model),
    runtime: {
      maxCallsPerEvent: options.limits?.maxCallsPerEvent ?? DEFAULT_MAX_CALLS,
      // Every digest that leaves the runtime is keyed, so a short secret cannot be computed back from it.
      digestKey: deriveKey(deploymentKey, "digests"),
    },
    toolTimeoutMs: options.limits?.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    now: toClock(options.now),
    shouldFail: failureInjector(options.failures, options.rejections),
    deploymentKey,
  };
}

/** The skills of the flow: `skill`, or every entry of `skills` (exactly one of the two). */
async function hostedSkills(options: CreateFlowOptions) {
  if ((options.skill === undefined) === (options.skills === undefined)) {
    throw new Error("createFlow: give `skill` (one skill) or `skills` (a list), not both and not neither.");
  }
  if (options.skill !== undefined) return [await loadFlowSkill(options.skill, options.tools)];
  if (options.skills!.length === 0) throw new Error("createFlow: `skills` lists no skill.");
  return loadHostedSkills(options.skills!, options.tools);
}

/** A model port as is; a chat model wrapped. Duck-typed, so a second copy of LangChain still works. */
function toModelPort(model: ModelPort | BaseChatModel): ModelPort {
  if (typeof (model as ModelPort).extract === "function") return model as ModelPort;
  return chatModelPort(model as BaseChatModel);
}

function toClock(now: CreateFlowOptions["now"]): () => string {
  if (typeof now === "function") return now;
  if (typeof now === "string") return () => now;
  return () => new Date().toISOString();
}

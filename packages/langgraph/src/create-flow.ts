/**
 * `createFlow`: the embedding API. One compiled graph per flow (one skill, or several routed by the
 * message); `send(threadId, event)` runs one turn of the conversation `threadId` and returns what to
 * show. Turns of one thread are serialized by a lock (the store's: in-process for memory, cross-process
 * for SQLite and PostgreSQL). After a turn its thread is pruned (under the lock), and idle
 * conversations are swept when the store's retention says so (after the lock is released).
 */
import { buildFlowGraph, type FlowGraph } from "./graph/build-flow-graph.js";
import { emptyTurn, type FlowGraphValues } from "./graph/flow-graph-state.js";
import { isInterrupted } from "./graph/unfinished-work.js";
import type { CreateFlowOptions, Flow } from "./flow-options.js";
import { resolveFlowStore } from "./persistence/flow-store.js";
import { activeState, conversationView, renderFlowTurn } from "./render/flow-views.js";
import { DEFAULT_MAX_CALLS, resolveHostDeps, type FlowHooks } from "./resolve-host-deps.js";
import { routingOf } from "./routing/where-now.js";
import { toFlowEvent } from "./to-flow-event.js";

export type { CreateFlowOptions, Flow, FlowLimits } from "./flow-options.js";

/** Threads whose last turn's values a flow keeps at hand (the most recently finished). */
const LAST_VALUES_KEPT = 64;

/** A deep copy, or undefined when a value cannot be copied (then nothing is kept and views read the store). */
function copyOf<T>(value: T): T | undefined {
  try {
    return structuredClone(value);
  } catch {
    return undefined;
  }
}

/** Load the skill (when given a path), compile its graph, and return the flow. */
export function createFlow(options: CreateFlowOptions): Promise<Flow> {
  return createFlowWith(options, {});
}

/** `createFlow` with injected failures (tests and proofs: `createTestFlow`, `flow prove`). */
export async function createFlowWith(options: CreateFlowOptions, hooks: FlowHooks): Promise<Flow> {
  const store = await resolveFlowStore(options);
  const deps = await resolveHostDeps(options, store.deploymentKey, hooks);
  const graph = buildFlowGraph(deps, store.saver);
  const { lock } = store;
  const config = (threadId: string) => ({
    configurable: { thread_id: threadId },
    recursionLimit: 2 * (deps.runtime.maxCallsPerEvent ?? DEFAULT_MAX_CALLS) + 10,
    durability: options.durability ?? "sync",
  });
  // The values each thread's last turn in this flow ended with, and that turn's checkpoint: while it is
  // still the latest, `state`, `conversation` and `lastTurn` read them instead of decoding it again.
  const lastValues = new Map<string, { checkpoint: string; values: FlowGraphValues }>();
  const values = async (threadId: string): Promise<Partial<FlowGraphValues>> => {
    const known = lastValues.get(threadId);
    // A copy: what a caller does with a view never reaches the next one.
    if (known && known.checkpoint === (await store.latestCheckpoint(threadId))) return structuredClone(known.values);
    return (await graph.getState(config(threadId))).values as Partial<FlowGraphValues>;
  };
  const run = async (threadId: string, input: Parameters<FlowGraph["invoke"]>[0]): Promise<FlowGraphValues> => {
    lastValues.delete(threadId);
    const out = (await graph.invoke(input, config(threadId))) as FlowGraphValues;
    await store.afterTurn(threadId);
    const checkpoint = await store.markSettled(threadId);
    const copy = checkpoint === undefined ? undefined : copyOf(out);
    if (checkpoint !== undefined && copy) {
      if (lastValues.size >= LAST_VALUES_KEPT) lastValues.delete(lastValues.keys().next().value!);
      lastValues.set(threadId, { checkpoint, values: copy });
    }
    return out;
  };
  /**
   * Finish a run a crash interrupted (`failed`: also one whose task threw); its values, or undefined.
   * A thread whose latest checkpoint is the one this process's last turn ended on has nothing to finish.
   */
  const finish = async (threadId: string, failed: boolean): Promise<FlowGraphValues | undefined> => {
    if (!failed && (await store.isSettled(threadId))) return undefined;
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
      const turn = await lock.run(threadId, async () => {
        // The event applies after what a crash left is finished; the reply shows both.
        const finished = await finish(threadId, false);
        return renderFlowTurn(deps, await run(threadId, { input, event: null, call: null, out: finished?.out ?? emptyTurn() }));
      });
      await store.sweep();
      return turn;
    },
    resume: (threadId) =>
      lock.run(threadId, async () => {
        const finished = await finish(threadId, true);
        return finished && renderFlowTurn(deps, finished);
      }),
    lastTurn: async (threadId) => {
      const stored = await values(threadId);
      return routingOf(deps, stored) ? renderFlowTurn(deps, { ...stored, out: stored.out ?? emptyTurn() } as FlowGraphValues) : undefined;
    },
    state: async (threadId) => activeState(deps, await values(threadId)),
    conversation: async (threadId) => conversationView(deps, await values(threadId)),
  };
}

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
import { traceTurn } from "./telemetry/trace-turn.js";
import { toFlowEvent } from "./to-flow-event.js";

export type { CreateFlowOptions, Flow, FlowLimits } from "./flow-options.js";

/**
 * Conversations whose last turn a flow keeps at hand (the most recently finished): about 20 KB each, so
 * 20 MB when full. A conversation forgotten costs its next turn one more read of the store. At 64, a
 * server with 200 conversations in flight had forgotten most of them by their next turn.
 */
export const SETTLED_KEPT = 1024;

/** A deep copy, or undefined when a value cannot be copied (then views read the store). */
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
  const durability = options.durability ?? "sync";
  const config = (threadId: string, phase: Partial<{ durability: "sync" | "async" | "exit"; interruptBefore: ["act"] }> = {}) => ({
    configurable: { thread_id: threadId },
    recursionLimit: 2 * (deps.runtime.maxCallsPerEvent ?? DEFAULT_MAX_CALLS) + 10,
    durability,
    ...phase,
  });
  // Each thread's last turn in this flow: the checkpoint it ended on and a copy of its values. While
  // that checkpoint is still the latest, nothing ran since (no crash, other process or direct graph
  // call left a run unfinished), so `send` skips reading the snapshot, and `state`, `conversation` and
  // `lastTurn` read the copy instead of decoding the checkpoint again.
  const settled = new Map<string, { checkpoint: string; values: FlowGraphValues | undefined }>();
  const settledNow = async (threadId: string) => {
    const known = settled.get(threadId);
    return known && known.checkpoint === (await store.latestCheckpoint(threadId)) ? known : undefined;
  };
  /**
   * A view of the thread's values, made by `make` (pure: it reads the values, never edits them). From
   * the settled copy, the view is copied, not the values: what a caller does with it never reaches the
   * next one, and only what the view holds is cloned (a snapshot of the state leaves out the turn).
   */
  const view = async <T>(threadId: string, make: (values: Partial<FlowGraphValues>) => T): Promise<T> => {
    const known = (await settledNow(threadId))?.values;
    if (known) return structuredClone(make(known));
    return make((await graph.getState(config(threadId))).values as Partial<FlowGraphValues>);
  };
  const run = async (threadId: string, input: Parameters<FlowGraph["invoke"]>[0]): Promise<FlowGraphValues> => {
    settled.delete(threadId);
    // With "sync", an event runs in two invokes. Up to the first write (or the end of the turn, when it
    // has none) nothing needs storing: the steps there are the model call and lookups, read-only, so
    // they run with "exit" and stop before `act` — one checkpoint, holding the event, what it did and
    // the first write's `started` entry. A crash before it lost nothing the store had: the event was
    // never applied, and its retry (same eventId) is applied as new. Then `act` runs each write with
    // "sync", a checkpoint per write. A run finishing an interrupted turn (`input` null) is one invoke.
    let out: FlowGraphValues;
    if (input === null || durability !== "sync") {
      out = (await graph.invoke(input, config(threadId))) as FlowGraphValues;
    } else {
      out = (await graph.invoke(input, config(threadId, { durability: "exit", interruptBefore: ["act"] }))) as FlowGraphValues;
      if (out.call) out = (await graph.invoke(null, config(threadId))) as FlowGraphValues;
    }
    const checkpoint = (await store.afterTurn(threadId)) ?? (await store.latestCheckpoint(threadId));
    if (checkpoint !== undefined) {
      if (settled.size >= SETTLED_KEPT) settled.delete(settled.keys().next().value!);
      settled.set(threadId, { checkpoint, values: copyOf(out) });
    }
    return out;
  };
  /**
   * Finish a run a crash interrupted (`failed`: also one whose task threw). `finished`: its values, or
   * undefined; `values`: the thread's values now (undefined when the settled copy could not be kept).
   */
  const finish = async (threadId: string, failed: boolean): Promise<{ finished?: FlowGraphValues; values?: Partial<FlowGraphValues> }> => {
    const known = failed ? undefined : await settledNow(threadId);
    if (known) return known.values ? { values: known.values } : {};
    const snapshot = await graph.getState(config(threadId));
    if (!isInterrupted(snapshot, { failed })) return { values: snapshot.values as Partial<FlowGraphValues> };
    const finished = await run(threadId, null);
    return { finished, values: finished };
  };
  /** The thread's values, read from the store unless `values` has them. */
  const valuesOf = async (threadId: string, values: Partial<FlowGraphValues> | undefined) =>
    values ?? ((await graph.getState(config(threadId))).values as Partial<FlowGraphValues>);
  return {
    skill: deps.skills[0]!.skill,
    skills: deps.skills.map((h) => h.skill),
    model: deps.model,
    graph,
    send: async (threadId, event, options) => {
      const input = toFlowEvent(event);
      const eventId = options?.eventId;
      const turn = await traceTurn(deps, threadId, input.type, (entered) => lock.run(threadId, async () => {
        entered();
        // The event applies after what a crash left is finished; the reply shows both.
        const { finished, values } = await finish(threadId, false);
        let known = false;
        if (eventId !== undefined) {
          // A retry of an event already applied (its input is checkpointed with its id): not applied twice.
          // One whose input is still there was stored but never applied — its model call threw — so
          // the retry applies it (before, it was answered as a repeat and the message never understood).
          const stored = await valuesOf(threadId, values);
          known = stored.eventIds?.includes(eventId) === true;
          if (known && stored.input == null) {
            return { ...renderFlowTurn(deps, { ...stored, out: stored.out ?? emptyTurn() } as FlowGraphValues), repeated: true as const };
          }
        }
        const ids = eventId !== undefined && !known ? { eventIds: [eventId] } : {};
        // A turn whose model call threw left its event or call behind: cleared here (when they are set).
        const cleared = values && values.event == null && values.call == null ? {} : { event: null, call: null };
        return renderFlowTurn(deps, await run(threadId, { input, ...cleared, out: finished?.out ?? emptyTurn(), ...ids }));
      }));
      await store.sweep();
      return turn;
    },
    resume: (threadId) =>
      traceTurn(deps, threadId, "resume", (entered) => lock.run(threadId, async () => {
        entered();
        const { finished } = await finish(threadId, true);
        return finished && renderFlowTurn(deps, finished);
      })),
    lastTurn: (threadId) => view(threadId, (stored) =>
      routingOf(deps, stored) ? renderFlowTurn(deps, { ...stored, out: stored.out ?? emptyTurn() } as FlowGraphValues) : undefined),
    state: (threadId) => view(threadId, (stored) => activeState(deps, stored)),
    conversation: (threadId) => view(threadId, (stored) => conversationView(deps, stored)),
  };
}

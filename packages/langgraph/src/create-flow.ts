/**
 * `createFlow`: the embedding API. One compiled graph per flow (one skill, or several routed by the
 * message); `send(threadId, event)` runs one turn of the conversation `threadId` and returns what to
 * show. Turns of one thread are serialized by a lock (the store's: in-process for memory, cross-process
 * for SQLite and PostgreSQL). After a turn its thread is pruned (under the lock), and idle
 * conversations are swept when the store's retention says so (after the lock is released).
 */
import { buildFlowGraph, type FlowGraph } from "./graph/build-flow-graph.js";
import { emptyTurn, FlowGraphState, type FlowGraphValues } from "./graph/flow-graph-state.js";
import { isInterrupted } from "./graph/unfinished-work.js";
import type { CreateFlowOptions, Flow, SentTurn } from "./flow-options.js";
import { resolveFlowStore } from "./persistence/flow-store.js";
import { RememberingSaver, type TurnEntry } from "./persistence/remembering-saver.js";
import { activeState, conversationView, renderFlowTurn } from "./render/flow-views.js";
import { DEFAULT_MAX_CALLS, resolveHostDeps, type FlowHooks } from "./resolve-host-deps.js";
import { routingOf } from "./routing/where-now.js";
import { traceTurn } from "./telemetry/trace-turn.js";
import { toFlowEvent, type HostEvent } from "./to-flow-event.js";

export type { CreateFlowOptions, Flow, FlowLimits } from "./flow-options.js";

/**
 * Conversations whose last checkpoint a flow keeps at hand (the most recently finished): about 22 KB
 * each, so 22 MB when full. A conversation forgotten costs its next turn one read of the store. At 64, a
 * server with 200 conversations in flight had forgotten most of them by their next turn.
 */
export const SETTLED_KEPT = 1024;

const STATE_KEYS = Object.keys(FlowGraphState.spec);

/** The graph's state from a checkpoint's channel values (which also hold LangGraph's own channels). Pure. */
function stateOf(channels: Record<string, unknown>): Partial<FlowGraphValues> {
  const values: Record<string, unknown> = {};
  for (const key of STATE_KEYS) if (key in channels) values[key] = channels[key];
  return values as Partial<FlowGraphValues>;
}

/** Load the skill (when given a path), compile its graph, and return the flow. */
export function createFlow(options: CreateFlowOptions): Promise<Flow> {
  return createFlowWith(options, {});
}

/** `createFlow` with injected failures (tests and proofs: `createTestFlow`, `flow prove`). */
export async function createFlowWith(options: CreateFlowOptions, hooks: FlowHooks): Promise<Flow> {
  const store = await resolveFlowStore(options);
  const deps = await resolveHostDeps(options, store.deploymentKey, hooks);
  // The store's saver, answering a turn's reads of the checkpoint the flow itself last stored or read
  // while it is sure the store still holds exactly that (remembering-saver.ts).
  const saver = new RememberingSaver(store.saver, store.head, SETTLED_KEPT);
  const graph = buildFlowGraph(deps, saver);
  const { lock } = store;
  const durability = options.durability ?? "sync";
  // A turn's own graph calls carry its key (`turn`), so the saver answers their reads from memory.
  type Turn = TurnEntry["configurable"] | undefined;
  const config = (threadId: string, turn: Turn, phase: Partial<{ durability: "sync" | "async" | "exit"; interruptBefore: ["act"] }> = {}) => ({
    configurable: { thread_id: threadId, ...turn },
    recursionLimit: 2 * (deps.runtime.maxCallsPerEvent ?? DEFAULT_MAX_CALLS) + 10,
    durability,
    ...phase,
  });
  /**
   * A view of the thread's values, made by `make` (pure: it reads the values, never edits them). From
   * the checkpoint the flow's last turn ended on (while it is still the store's), the view is copied, not
   * the values: what a caller does with it never reaches the next turn, and only what the view holds is
   * cloned (a snapshot of the state leaves out the turn).
   */
  const view = async <T>(threadId: string, make: (values: Partial<FlowGraphValues>) => T): Promise<T> => {
    const known = await saver.values(threadId);
    if (known) return structuredClone(make(stateOf(known)));
    return make((await graph.getState(config(threadId, undefined))).values as Partial<FlowGraphValues>);
  };
  const run = async (threadId: string, turn: Turn, input: Parameters<FlowGraph["invoke"]>[0]): Promise<FlowGraphValues> => {
    // With "sync", an event runs in two invokes. Up to the first write (or the end of the turn, when it
    // has none) nothing needs storing: the steps there are the model call and lookups, read-only, so
    // they run with "exit" and stop before `act` — one checkpoint, holding the event, what it did and
    // the first write's `started` entry. A crash before it lost nothing the store had: the event was
    // never applied, and its retry (same eventId) is applied as new. Then `act` runs each write with
    // "sync", a checkpoint per write. A run finishing an interrupted turn (`input` null) is one invoke.
    let out: FlowGraphValues;
    if (input === null || durability !== "sync") {
      out = (await graph.invoke(input, config(threadId, turn))) as FlowGraphValues;
    } else {
      out = (await graph.invoke(input, config(threadId, turn, { durability: "exit", interruptBefore: ["act"] }))) as FlowGraphValues;
      if (out.call) out = (await graph.invoke(null, config(threadId, turn))) as FlowGraphValues;
    }
    saver.settle(threadId, (await store.afterTurn(threadId)) ?? (await store.latestCheckpoint(threadId)));
    return out;
  };
  /**
   * Finish a run a crash interrupted (`failed`: also one whose task threw). `finished`: its values, or
   * undefined; `values`: the thread's values now. `entry.settled`: the turn began on the checkpoint the
   * flow's last turn ended on, so nothing ran since and nothing is left to finish.
   */
  const finish = async (threadId: string, failed: boolean, { settled, configurable: turn }: TurnEntry): Promise<{ finished?: FlowGraphValues; values?: Partial<FlowGraphValues> }> => {
    const known = settled && !failed ? await saver.values(threadId) : undefined;
    if (known) return { values: stateOf(known) };
    const snapshot = await graph.getState(config(threadId, turn));
    if (!isInterrupted(snapshot, { failed })) return { values: snapshot.values as Partial<FlowGraphValues> };
    const finished = await run(threadId, turn, null);
    return { finished, values: finished };
  };
  /** The thread's values, read from the store unless `values` has them. */
  const valuesOf = async (threadId: string, turn: Turn, values: Partial<FlowGraphValues> | undefined) =>
    values ?? ((await graph.getState(config(threadId, turn))).values as Partial<FlowGraphValues>);
  /** One event's turn, inside the thread's lock (`entry`: what the saver said when it began). */
  const turnOf = async (threadId: string, input: HostEvent, eventId: string | undefined, withState: boolean, entry: TurnEntry): Promise<SentTurn> => {
    // The event applies after what a crash left is finished; the reply shows both.
    const { finished, values } = await finish(threadId, false, entry);
    let known = false;
    if (eventId !== undefined) {
      // A retry of an event already applied (its input is checkpointed with its id): not applied twice.
      // One whose input is still there was stored but never applied — its model call threw — so
      // the retry applies it (before, it was answered as a repeat and the message never understood).
      const stored = await valuesOf(threadId, entry.configurable, values);
      known = stored.eventIds?.includes(eventId) === true;
      if (known && stored.input == null) {
        // Copied: the values may be the ones the next turn starts from.
        return structuredClone({ ...renderFlowTurn(deps, { ...stored, out: stored.out ?? emptyTurn() } as FlowGraphValues), repeated: true as const, ...stateIf(withState, stored) });
      }
    }
    const ids = eventId !== undefined && !known ? { eventIds: [eventId] } : {};
    // A turn whose model call threw left its event or call behind: cleared here (when they are set).
    const cleared = values && values.event == null && values.call == null ? {} : { event: null, call: null };
    const out = await run(threadId, entry.configurable, { input, ...cleared, out: finished?.out ?? emptyTurn(), ...ids });
    return { ...renderFlowTurn(deps, out), ...stateIf(withState, out) };
  };
  /** `{ state }` as `state()` would answer from these values (copied: they may be the next turn's), when asked for. */
  const stateIf = (wanted: boolean, values: Partial<FlowGraphValues>) => (wanted ? { state: structuredClone(activeState(deps, stateOf(values))) } : {});
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
        try {
          return await turnOf(threadId, input, eventId, options?.withState === true, await saver.enter(threadId));
        } finally {
          saver.leave(threadId);
        }
      }, options?.hold));
      // Inside the caller's hold (flow serve's run) the sweep is not waited for: it locks other
      // conversations, and on a pool of one lock connection would wait for the one the caller holds.
      if (options?.hold) void store.sweep();
      else await store.sweep();
      return turn;
    },
    resume: (threadId) =>
      traceTurn(deps, threadId, "resume", (entered) => lock.run(threadId, async () => {
        entered();
        try {
          const { finished } = await finish(threadId, true, await saver.enter(threadId));
          return finished && renderFlowTurn(deps, finished);
        } finally {
          saver.leave(threadId);
        }
      })),
    lastTurn: (threadId) => view(threadId, (stored) =>
      routingOf(deps, stored) ? renderFlowTurn(deps, { ...stored, out: stored.out ?? emptyTurn() } as FlowGraphValues) : undefined),
    state: (threadId) => view(threadId, (stored) => activeState(deps, stored)),
    conversation: (threadId) => view(threadId, (stored) => conversationView(deps, stored)),
  };
}

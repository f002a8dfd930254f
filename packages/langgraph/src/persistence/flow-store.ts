/**
 * What `createFlow` keeps conversations with, from its options: the saver, the per-thread lock, the
 * pruning that runs after every turn (inside the lock), the retention sweep (after the lock is released,
 * at most every minute per store), and the deployment key.
 *
 *   `store` (from `openCheckpointer`)  → its saver, its lock, prune to the latest checkpoints, its key
 *   `store` (a bare LangGraph saver)   → wrapped (`wrap-saver.ts`): pruned and swept where its tables are
 *                                        known, an in-process lock, the configured key or a random one
 *   neither                            → an in-memory store, pruned and swept like the others
 *
 * An explicit `lock` wins over the store's. A `deploymentKey` given with an opened store must be its own.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { openMemory } from "./open-checkpointer.js";
import { configuredKey, type DeploymentKeyInput } from "./deployment-key.js";
import { PersistenceError } from "./persistence-error.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence, type ThreadHead } from "./persistence.js";
import type { ThreadLock } from "./thread-lock.js";
import { isPersistence, wrapSaver } from "./wrap-saver.js";

export interface FlowStoreOptions {
  store?: Persistence | BaseCheckpointSaver | undefined;
  lock?: ThreadLock | undefined;
  /** Checkpoints kept per thread after each turn (default 1). */
  keepCheckpoints?: number | undefined;
  deploymentKey?: DeploymentKeyInput | undefined;
}

export interface FlowStore {
  store: Persistence;
  saver: BaseCheckpointSaver;
  lock: ThreadLock;
  deploymentKey: Uint8Array;
  /**
   * Run after each turn, under the thread's lock: prunes, and returns the thread's latest checkpoint id
   * when the prune read it (undefined: ask `latestCheckpoint`). Never throws: a failed prune is redone by
   * the next turn's.
   */
  afterTurn(threadId: string): Promise<string | undefined>;
  /** Run after each turn, outside any lock: deletes idle conversations when the store's sweep is due. Never throws. */
  sweep(now?: number): Promise<void>;
  /** The id of the thread's latest checkpoint (undefined: none, or a store that cannot say). */
  latestCheckpoint(threadId: string): Promise<string | undefined>;
  /** The store's `head`, when it has one. */
  head: ((threadId: string) => Promise<ThreadHead>) | undefined;
}

/** Sweeps at most this often per store (and at least twice per retention period). */
const SWEEP_INTERVAL_MS = 60_000;
const lastSweep = new WeakMap<Persistence, number>();

export async function resolveFlowStore(options: FlowStoreOptions): Promise<FlowStore> {
  const given = options.store;
  const store = given === undefined ? openMemory({ deploymentKey: options.deploymentKey })
    : isPersistence(given) ? given : wrapSaver(given, options.deploymentKey);
  const keep = options.keepCheckpoints ?? DEFAULT_KEEP_CHECKPOINTS;
  const deploymentKey = await store.deploymentKey();
  const configured = given && isPersistence(given) && options.deploymentKey !== undefined ? configuredKey(options.deploymentKey)!.key : undefined;
  if (configured && !sameBytes(configured, deploymentKey)) {
    throw new PersistenceError(`createFlow's \`deploymentKey\` is not the key of the store it was given (${store.location}): pass the key to \`openCheckpointer(url, { deploymentKey })\` instead.`, "wrong-key");
  }
  return {
    store,
    saver: store.saver,
    lock: options.lock ?? store.lock,
    deploymentKey,
    afterTurn: async (threadId) => (await store.prune(threadId, keep).catch(() => undefined))?.latest,
    sweep: async (now = Date.now()) => {
      const retention = store.retentionMs;
      if (retention === undefined || now - (lastSweep.get(store) ?? -Infinity) < Math.min(SWEEP_INTERVAL_MS, retention / 2)) return;
      lastSweep.set(store, now);
      await store.deleteIdle(retention, now).catch(() => undefined);
    },
    latestCheckpoint: (threadId) => store.latestCheckpoint?.(threadId).catch(() => undefined) ?? Promise.resolve(undefined),
    head: store.head && ((threadId) => store.head!(threadId)),
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

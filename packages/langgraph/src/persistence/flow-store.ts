/**
 * What `createFlow` keeps conversations with, from its options: the saver, the per-thread lock, and
 * the pruning that runs after every turn (inside the lock).
 *
 *   `store` (from `openCheckpointer`)  → its saver, its lock, prune to the latest checkpoints each turn
 *   `checkpointer` (a bare saver)      → that saver, an in-process lock, no pruning (the saver's tables are unknown)
 *   neither                            → an in-memory store, pruned like the others
 *
 * An explicit `lock` wins over the store's.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { openMemory } from "./open-checkpointer.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence } from "./persistence.js";
import { createMemoryLock, type ThreadLock } from "./thread-lock.js";

export interface FlowStoreOptions {
  store?: Persistence;
  checkpointer?: BaseCheckpointSaver;
  lock?: ThreadLock;
  /** Checkpoints kept per thread after each turn (default 3). */
  keepCheckpoints?: number;
}

export interface FlowStore {
  saver: BaseCheckpointSaver;
  lock: ThreadLock;
  /** Run after each turn, under the thread's lock. Never throws: a failed prune is redone by the next turn's. */
  afterTurn(threadId: string): Promise<void>;
}

export function resolveFlowStore(options: FlowStoreOptions): FlowStore {
  const store = options.store ?? (options.checkpointer ? undefined : openMemory());
  const keep = options.keepCheckpoints ?? DEFAULT_KEEP_CHECKPOINTS;
  if (!store) {
    return { saver: options.checkpointer!, lock: options.lock ?? createMemoryLock(), afterTurn: async () => undefined };
  }
  return {
    saver: store.saver,
    lock: options.lock ?? store.lock,
    afterTurn: async (threadId) => {
      await store.prune(threadId, keep).catch(() => undefined);
    },
  };
}

/**
 * What `createFlow` keeps conversations with, from its options: the saver, the per-thread lock, the
 * pruning that runs after every turn (inside the lock), and the deployment key.
 *
 *   `store` (from `openCheckpointer`)  → its saver, its lock, prune to the latest checkpoints each turn, its key
 *   `checkpointer` (a bare saver)      → that saver, an in-process lock, no pruning (the saver's tables are
 *                                        unknown), the configured key or a random one per process
 *   neither                            → an in-memory store, pruned like the others
 *
 * An explicit `lock` wins over the store's. A `deploymentKey` given with a `store` must be the store's.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { openMemory } from "./open-checkpointer.js";
import { configuredKey, processDeploymentKey, type DeploymentKeyInput } from "./deployment-key.js";
import { PersistenceError } from "./persistence-error.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence } from "./persistence.js";
import { createMemoryLock, type ThreadLock } from "./thread-lock.js";

export interface FlowStoreOptions {
  store?: Persistence;
  checkpointer?: BaseCheckpointSaver;
  lock?: ThreadLock;
  /** Checkpoints kept per thread after each turn (default 3). */
  keepCheckpoints?: number;
  deploymentKey?: DeploymentKeyInput;
}

export interface FlowStore {
  saver: BaseCheckpointSaver;
  lock: ThreadLock;
  deploymentKey: Uint8Array;
  /** Run after each turn, under the thread's lock. Never throws: a failed prune is redone by the next turn's. */
  afterTurn(threadId: string): Promise<void>;
}

export async function resolveFlowStore(options: FlowStoreOptions): Promise<FlowStore> {
  const store = options.store ?? (options.checkpointer ? undefined : openMemory(undefined, options.deploymentKey));
  const keep = options.keepCheckpoints ?? DEFAULT_KEEP_CHECKPOINTS;
  if (!store) {
    const deploymentKey = configuredKey(options.deploymentKey)?.key ?? processDeploymentKey();
    return { saver: options.checkpointer!, lock: options.lock ?? createMemoryLock(), deploymentKey, afterTurn: async () => undefined };
  }
  const deploymentKey = await store.deploymentKey();
  const given = options.store && options.deploymentKey !== undefined ? configuredKey(options.deploymentKey)!.key : undefined;
  if (given && !sameBytes(given, deploymentKey)) {
    throw new PersistenceError(`createFlow's \`deploymentKey\` is not the key of the store it was given (${store.location}): pass the key to \`openCheckpointer(url, { deploymentKey })\` instead.`, "wrong-key");
  }
  return {
    saver: store.saver,
    lock: options.lock ?? store.lock,
    deploymentKey,
    afterTurn: async (threadId) => {
      await store.prune(threadId, keep).catch(() => undefined);
    },
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

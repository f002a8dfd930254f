/**
 * `Persistence`: one opened conversation store — the LangGraph saver, the per-thread lock that goes
 * with it, pruning, retention, the deployment key, and close. Produced by `openCheckpointer(url)`, or
 * by `createFlow` around a bare saver (`wrap-saver.ts`).
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { ThreadLock } from "./thread-lock.js";
import type { KeySource } from "./deployment-key.js";
import type { IdleSweep } from "./retention.js";

/** `saver`: a LangGraph saver of another kind, handed to createFlow as it is (kept, not pruned). */
export type StoreKind = "memory" | "sqlite" | "postgres" | "saver";

/** How much of one thread the store holds (rows for SQL stores, entries for memory). */
export interface ThreadFootprint {
  checkpoints: number;
  writes: number;
  /** PostgreSQL only: channel value rows (`checkpoint_blobs`). */
  blobs?: number;
  /** Serialized size of the thread's rows, in bytes. */
  bytes: number;
}

/**
 * Where a thread stands in the store: its latest checkpoint (over every namespace; undefined: none) and
 * whether pending writes are stored against it — a task of an unfinished run wrote them, so the
 * checkpoint alone is not what the thread holds.
 */
export interface ThreadHead {
  checkpoint: string | undefined;
  pendingWrites: boolean;
}

export interface PruneResult {
  checkpointsDeleted: number;
  writesDeleted: number;
  blobsDeleted: number;
  /** The thread's latest checkpoint id after pruning, when the store read it on the way (no query of its own). */
  latest?: string;
}

/**
 * Checkpoints kept per thread by `prune` unless told otherwise: the latest only. A turn that ended left
 * nothing to finish, and the latest checkpoint holds the whole conversation (see docs/design.md).
 */
export const DEFAULT_KEEP_CHECKPOINTS = 1;

export interface Persistence {
  readonly kind: StoreKind;
  /** For messages: `memory`, the file path, or the URL with its password hidden. */
  readonly location: string;
  /** Hand this to `StateGraph.compile({ checkpointer })`. */
  readonly saver: BaseCheckpointSaver;
  /** Serializes turns of one thread across every process sharing this store. */
  readonly lock: ThreadLock;
  /**
   * Delete all but the latest `keep` checkpoints of a thread, with their pending writes (and, on
   * PostgreSQL, the channel blobs no kept checkpoint refers to). Call it under `lock`, after a turn.
   */
  prune(threadId: string, keep?: number): Promise<PruneResult>;
  /**
   * Idle time in milliseconds after which a conversation, finished or abandoned, is deleted: flows on
   * this store sweep after their turns, at most every minute. Undefined: kept until deleted otherwise
   * (`flow gc`). Default one day for the in-memory store, off for SQLite and PostgreSQL.
   */
  readonly retentionMs: number | undefined;
  /**
   * Delete every conversation whose latest checkpoint is older than `olderThanMs` before `now`, each
   * under its lock. A store whose checkpoint tables are unknown (`saver`) deletes nothing.
   */
  deleteIdle(olderThanMs: number, now?: number): Promise<IdleSweep>;
  /**
   * The id of a thread's latest checkpoint (undefined: none), read without decoding anything. Absent
   * for a saver whose tables are unknown. Lets a flow skip re-reading a thread its last turn settled.
   */
  latestCheckpoint?(threadId: string): Promise<string | undefined>;
  /**
   * The thread's latest checkpoint and whether writes are pending against it, in one query, decoding
   * nothing. Absent for a saver whose tables are unknown. Lets a flow answer a turn's reads from the
   * checkpoint its last turn stored (remembering-saver.ts).
   */
  head?(threadId: string): Promise<ThreadHead>;
  /** What the store holds for a thread (tests, diagnostics). */
  footprint(threadId: string): Promise<ThreadFootprint>;
  /**
   * The deployment key (at least 32 bytes): configured, kept beside the store, or (memory) random per
   * process. Checkpoints of SQLite and PostgreSQL stores are encrypted with a key derived from it;
   * digests that leave the runtime are keyed with it. See deployment-key.ts.
   */
  deploymentKey(): Promise<Uint8Array>;
  /** Where the key came from (`configured`, `environment`, `key-file`, `store`, `process`). */
  readonly keySource: KeySource;
  /** Release connections and file handles. Idempotent. */
  close(): Promise<void>;
}

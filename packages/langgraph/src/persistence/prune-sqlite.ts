/**
 * Pruning and measuring one thread in the SQLite saver's tables (`checkpoints`, `writes`; see
 * `@langchain/langgraph-checkpoint-sqlite`). SQLite reuses the pages freed by the deletes, so a pruned
 * conversation's file stops growing.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { SqliteDb } from "./sqlite-db.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence, type PruneResult, type ThreadFootprint } from "./persistence.js";
import { deleteIdleThreads } from "./retention.js";
import type { ThreadLock } from "./thread-lock.js";

/** A SQLite store's per-thread operations on the saver's tables (an opened store and a wrapped SqliteSaver alike). */
export function sqliteThreadOps(db: SqliteDb, saver: BaseCheckpointSaver, lock: ThreadLock): Pick<Persistence, "prune" | "deleteIdle" | "latestCheckpoint" | "footprint"> {
  return {
    prune: async (threadId, keep = DEFAULT_KEEP_CHECKPOINTS) => pruneSqliteThread(db, threadId, keep),
    deleteIdle: (olderThanMs, now) =>
      deleteIdleThreads({ lock, latest: async (t) => sqliteLatest(db, t), deleteThread: (t) => saver.deleteThread(t) }, olderThanMs, now),
    latestCheckpoint: async (threadId) => sqliteLatest(db, threadId).get(threadId),
    footprint: async (threadId) => sqliteFootprint(db, threadId),
  };
}

/** Delete all but the latest `keep` checkpoints of each namespace of a thread, and their writes; `latest` after it. */
export function pruneSqliteThread(db: SqliteDb, threadId: string, keep: number): PruneResult {
  const prune = db.transaction((): PruneResult => {
    const checkpoints = db.prepare(`
      DELETE FROM checkpoints AS c WHERE c.thread_id = ? AND c.checkpoint_id NOT IN (
        SELECT k.checkpoint_id FROM checkpoints AS k
        WHERE k.thread_id = c.thread_id AND k.checkpoint_ns = c.checkpoint_ns
        ORDER BY k.checkpoint_id DESC LIMIT ?)`).run(threadId, keep);
    const writes = db.prepare(`
      DELETE FROM writes AS w WHERE w.thread_id = ? AND NOT EXISTS (
        SELECT 1 FROM checkpoints AS k
        WHERE k.thread_id = w.thread_id AND k.checkpoint_ns = w.checkpoint_ns AND k.checkpoint_id = w.checkpoint_id)`).run(threadId);
    const latest = sqliteLatest(db, threadId).get(threadId);
    return { checkpointsDeleted: checkpoints.changes, writesDeleted: writes.changes, blobsDeleted: 0, ...(latest ? { latest } : {}) };
  });
  return prune.immediate();
}

/** Rows and serialized bytes the thread holds. */
export function sqliteFootprint(db: SqliteDb, threadId: string): ThreadFootprint {
  const c = db.prepare(`SELECT count(*) AS n, coalesce(sum(length(checkpoint) + length(metadata)), 0) AS bytes
    FROM checkpoints WHERE thread_id = ?`).get(threadId) as { n: number; bytes: number };
  const w = db.prepare(`SELECT count(*) AS n, coalesce(sum(length(value)), 0) AS bytes
    FROM writes WHERE thread_id = ?`).get(threadId) as { n: number; bytes: number };
  return { checkpoints: c.n, writes: w.n, bytes: c.bytes + w.bytes };
}

/** Each thread (or only `threadId`) and its latest checkpoint id. */
export function sqliteLatest(db: SqliteDb, threadId?: string): Map<string, string> {
  const rows = (threadId === undefined
    ? db.prepare("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints GROUP BY thread_id").all()
    : db.prepare("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = ? GROUP BY thread_id").all(threadId)
  ) as Array<{ thread_id: string; latest: string }>;
  return new Map(rows.map((r) => [r.thread_id, r.latest]));
}

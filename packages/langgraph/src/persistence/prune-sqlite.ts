/**
 * Pruning and measuring one thread in the SQLite saver's tables (`checkpoints`, `writes`; see
 * `@langchain/langgraph-checkpoint-sqlite`). SQLite reuses the pages freed by the deletes, so a pruned
 * conversation's file stops growing.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { SqliteDb, SqliteStatement } from "./sqlite-db.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence, type PruneResult, type ThreadFootprint, type ThreadHead } from "./persistence.js";
import { deleteIdleThreads } from "./retention.js";
import type { ThreadLock } from "./thread-lock.js";

/** A SQLite store's per-thread operations on the saver's tables (an opened store and a wrapped SqliteSaver alike). */
export function sqliteThreadOps(db: SqliteDb, saver: BaseCheckpointSaver, lock: ThreadLock): Pick<Persistence, "prune" | "deleteIdle" | "latestCheckpoint" | "head" | "footprint"> {
  return {
    prune: async (threadId, keep = DEFAULT_KEEP_CHECKPOINTS) => pruneSqliteThread(db, threadId, keep),
    deleteIdle: (olderThanMs, now) =>
      deleteIdleThreads({ lock, latest: async (t) => sqliteLatest(db, t), deleteThread: (t) => saver.deleteThread(t) }, olderThanMs, now),
    latestCheckpoint: async (threadId) => sqliteLatest(db, threadId).get(threadId),
    head: async (threadId) => sqliteHead(db, threadId),
    footprint: async (threadId) => sqliteFootprint(db, threadId),
  };
}

/** The statements a turn's prune runs, prepared once per database (compiling them each turn cost more than running them). */
interface PruneStatements {
  prune: ((threadId: string, keep: number) => PruneResult) & { immediate: (threadId: string, keep: number) => PruneResult };
  latestOne: SqliteStatement;
  head: SqliteStatement;
}
const prepared = new WeakMap<SqliteDb, PruneStatements>();

function statementsOf(db: SqliteDb): PruneStatements {
  const known = prepared.get(db);
  if (known) return known;
  const checkpoints = db.prepare(`
    DELETE FROM checkpoints AS c WHERE c.thread_id = ? AND c.checkpoint_id NOT IN (
      SELECT k.checkpoint_id FROM checkpoints AS k
      WHERE k.thread_id = c.thread_id AND k.checkpoint_ns = c.checkpoint_ns
      ORDER BY k.checkpoint_id DESC LIMIT ?)`);
  const writes = db.prepare(`
    DELETE FROM writes AS w WHERE w.thread_id = ? AND NOT EXISTS (
      SELECT 1 FROM checkpoints AS k
      WHERE k.thread_id = w.thread_id AND k.checkpoint_ns = w.checkpoint_ns AND k.checkpoint_id = w.checkpoint_id)`);
  const latestOne = db.prepare("SELECT max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = ?");
  const prune = db.transaction((threadId: string, keep: number): PruneResult => {
    const deleted = checkpoints.run(threadId, keep);
    const unlinked = writes.run(threadId);
    const latest = (latestOne.get(threadId) as { latest: string | null } | undefined)?.latest ?? undefined;
    return { checkpointsDeleted: deleted.changes, writesDeleted: unlinked.changes, blobsDeleted: 0, ...(latest ? { latest } : {}) };
  });
  const head = db.prepare(`
    SELECT c.latest, EXISTS (SELECT 1 FROM writes AS w WHERE w.thread_id = ? AND w.checkpoint_id = c.latest) AS writes
    FROM (SELECT max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = ?) AS c`);
  const made = { prune, latestOne, head };
  prepared.set(db, made);
  return made;
}

/** Delete all but the latest `keep` checkpoints of each namespace of a thread, and their writes; `latest` after it. */
export function pruneSqliteThread(db: SqliteDb, threadId: string, keep: number): PruneResult {
  return statementsOf(db).prune.immediate(threadId, keep);
}

/** Rows and serialized bytes the thread holds. */
export function sqliteFootprint(db: SqliteDb, threadId: string): ThreadFootprint {
  const c = db.prepare(`SELECT count(*) AS n, coalesce(sum(length(checkpoint) + length(metadata)), 0) AS bytes
    FROM checkpoints WHERE thread_id = ?`).get(threadId) as { n: number; bytes: number };
  const w = db.prepare(`SELECT count(*) AS n, coalesce(sum(length(value)), 0) AS bytes
    FROM writes WHERE thread_id = ?`).get(threadId) as { n: number; bytes: number };
  return { checkpoints: c.n, writes: w.n, bytes: c.bytes + w.bytes };
}

/** The thread's latest checkpoint and whether writes are pending against it. */
export function sqliteHead(db: SqliteDb, threadId: string): ThreadHead {
  const row = statementsOf(db).head.get(threadId, threadId) as { latest: string | null; writes: number };
  return { checkpoint: row.latest ?? undefined, pendingWrites: row.writes === 1 };
}

/** Each thread (or only `threadId`) and its latest checkpoint id. */
export function sqliteLatest(db: SqliteDb, threadId?: string): Map<string, string> {
  if (threadId !== undefined) {
    const latest = (statementsOf(db).latestOne.get(threadId) as { latest: string | null } | undefined)?.latest;
    return new Map(latest ? [[threadId, latest]] : []);
  }
  const rows = db.prepare("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints GROUP BY thread_id").all() as Array<{ thread_id: string; latest: string }>;
  return new Map(rows.map((r) => [r.thread_id, r.latest]));
}

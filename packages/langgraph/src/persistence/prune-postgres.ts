/**
 * Pruning and measuring one thread in the PostgreSQL saver's tables (`checkpoints`,
 * `checkpoint_writes`, `checkpoint_blobs`; see `@langchain/langgraph-checkpoint-postgres`, schema
 * `public`). A blob row holds one channel value at one version and is shared by every checkpoint whose
 * `channel_versions` name that version, so a blob goes only when no kept checkpoint names it.
 */
import type pg from "pg";
import type { PruneResult, ThreadFootprint, ThreadHead } from "./persistence.js";

/**
 * One statement: the checkpoints to keep are ranked once, and every delete is decided against that set
 * (the CTEs of one statement share a snapshot, so a delete cannot see another's effect). It returns the
 * counts and the latest checkpoint id, so a turn's prune is one round trip and no query for the latest
 * follows it.
 */
const PRUNE = `
  WITH ranked AS (
    SELECT checkpoint_ns, checkpoint_id, checkpoint,
      row_number() OVER (PARTITION BY checkpoint_ns ORDER BY checkpoint_id DESC) AS n
    FROM checkpoints WHERE thread_id = $1),
  kept AS (SELECT * FROM ranked WHERE n <= $2),
  c AS (
    DELETE FROM checkpoints AS x USING ranked AS r
    WHERE x.thread_id = $1 AND r.n > $2 AND x.checkpoint_ns = r.checkpoint_ns AND x.checkpoint_id = r.checkpoint_id
    RETURNING 1),
  w AS (
    DELETE FROM checkpoint_writes AS w WHERE w.thread_id = $1 AND NOT EXISTS (
      SELECT 1 FROM kept AS k WHERE k.checkpoint_ns = w.checkpoint_ns AND k.checkpoint_id = w.checkpoint_id)
    RETURNING 1),
  b AS (
    DELETE FROM checkpoint_blobs AS b WHERE b.thread_id = $1 AND NOT EXISTS (
      SELECT 1 FROM kept AS k, jsonb_each_text(k.checkpoint -> 'channel_versions') AS v
      WHERE k.checkpoint_ns = b.checkpoint_ns AND v.key = b.channel AND v.value = b.version)
    RETURNING 1)
  SELECT (SELECT count(*) FROM c)::int AS checkpoints, (SELECT count(*) FROM w)::int AS writes,
    (SELECT count(*) FROM b)::int AS blobs, (SELECT max(checkpoint_id) FROM kept) AS latest`;

/**
 * Delete all but the latest `keep` checkpoints of each namespace of a thread, their writes and orphan
 * blobs; `latest` is the thread's latest checkpoint id after it.
 */
export async function prunePostgresThread(pool: pg.Pool, threadId: string, keep: number): Promise<PruneResult> {
  const { rows } = await pool.query(PRUNE, [threadId, keep]);
  const row = rows[0] as { checkpoints: number; writes: number; blobs: number; latest: string | null };
  return { checkpointsDeleted: row.checkpoints, writesDeleted: row.writes, blobsDeleted: row.blobs, ...(row.latest ? { latest: row.latest } : {}) };
}

/** Rows and serialized bytes the thread holds. */
export async function postgresFootprint(pool: pg.Pool, threadId: string): Promise<ThreadFootprint> {
  const { rows } = await pool.query(
    `SELECT
      (SELECT count(*) FROM checkpoints WHERE thread_id = $1)::int AS checkpoints,
      (SELECT count(*) FROM checkpoint_writes WHERE thread_id = $1)::int AS writes,
      (SELECT count(*) FROM checkpoint_blobs WHERE thread_id = $1)::int AS blobs,
      ((SELECT coalesce(sum(pg_column_size(checkpoint) + pg_column_size(metadata)), 0) FROM checkpoints WHERE thread_id = $1)
       + (SELECT coalesce(sum(length(blob)), 0) FROM checkpoint_writes WHERE thread_id = $1)
       + (SELECT coalesce(sum(coalesce(length(blob), 0)), 0) FROM checkpoint_blobs WHERE thread_id = $1))::bigint AS bytes`,
    [threadId],
  );
  const row = rows[0] as { checkpoints: number; writes: number; blobs: number; bytes: string };
  return { checkpoints: row.checkpoints, writes: row.writes, blobs: row.blobs, bytes: Number(row.bytes) };
}

const HEAD = `
  SELECT c.latest, EXISTS (SELECT 1 FROM checkpoint_writes AS w WHERE w.thread_id = $1 AND w.checkpoint_id = c.latest) AS writes
  FROM (SELECT max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = $1) AS c`;

/** The thread's latest checkpoint and whether writes are pending against it: one statement. */
export async function postgresHead(pool: pg.Pool, threadId: string): Promise<ThreadHead> {
  const { rows } = await pool.query(HEAD, [threadId]);
  const row = rows[0] as { latest: string | null; writes: boolean };
  return { checkpoint: row.latest ?? undefined, pendingWrites: row.writes };
}

/** Each thread (or only `threadId`) and its latest checkpoint id. */
export async function postgresLatest(pool: pg.Pool, threadId?: string): Promise<Map<string, string>> {
  const { rows } = threadId === undefined
    ? await pool.query("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints GROUP BY thread_id")
    : await pool.query("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = $1 GROUP BY thread_id", [threadId]);
  return new Map((rows as Array<{ thread_id: string; latest: string }>).map((r) => [r.thread_id, r.latest]));
}

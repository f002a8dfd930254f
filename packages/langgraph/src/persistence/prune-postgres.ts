/**
 * Pruning and measuring one thread in the PostgreSQL saver's tables (`checkpoints`,
 * `checkpoint_writes`, `checkpoint_blobs`; see `@langchain/langgraph-checkpoint-postgres`, schema
 * `public`). A blob row holds one channel value at one version and is shared by every checkpoint whose
 * `channel_versions` name that version, so a blob goes only when no kept checkpoint names it.
 */
import type pg from "pg";
import type { PruneResult, ThreadFootprint } from "./persistence.js";

const DELETE_CHECKPOINTS = `
  DELETE FROM checkpoints AS c WHERE c.thread_id = $1 AND c.checkpoint_id NOT IN (
    SELECT k.checkpoint_id FROM checkpoints AS k
    WHERE k.thread_id = c.thread_id AND k.checkpoint_ns = c.checkpoint_ns
    ORDER BY k.checkpoint_id DESC LIMIT $2)`;

const DELETE_WRITES = `
  DELETE FROM checkpoint_writes AS w WHERE w.thread_id = $1 AND NOT EXISTS (
    SELECT 1 FROM checkpoints AS k
    WHERE k.thread_id = w.thread_id AND k.checkpoint_ns = w.checkpoint_ns AND k.checkpoint_id = w.checkpoint_id)`;

const DELETE_BLOBS = `
  DELETE FROM checkpoint_blobs AS b WHERE b.thread_id = $1 AND NOT EXISTS (
    SELECT 1 FROM checkpoints AS k, jsonb_each_text(k.checkpoint -> 'channel_versions') AS v
    WHERE k.thread_id = b.thread_id AND k.checkpoint_ns = b.checkpoint_ns
      AND v.key = b.channel AND v.value = b.version)`;

/** Delete all but the latest `keep` checkpoints of each namespace of a thread, their writes and orphan blobs. */
export async function prunePostgresThread(pool: pg.Pool, threadId: string, keep: number): Promise<PruneResult> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const checkpoints = await client.query(DELETE_CHECKPOINTS, [threadId, keep]);
    const writes = await client.query(DELETE_WRITES, [threadId]);
    const blobs = await client.query(DELETE_BLOBS, [threadId]);
    await client.query("COMMIT");
    return { checkpointsDeleted: checkpoints.rowCount ?? 0, writesDeleted: writes.rowCount ?? 0, blobsDeleted: blobs.rowCount ?? 0 };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
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

/** Each thread (or only `threadId`) and its latest checkpoint id. */
export async function postgresLatest(pool: pg.Pool, threadId?: string): Promise<Map<string, string>> {
  const { rows } = threadId === undefined
    ? await pool.query("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints GROUP BY thread_id")
    : await pool.query("SELECT thread_id, max(checkpoint_id) AS latest FROM checkpoints WHERE thread_id = $1 GROUP BY thread_id", [threadId]);
  return new Map((rows as Array<{ thread_id: string; latest: string }>).map((r) => [r.thread_id, r.latest]));
}

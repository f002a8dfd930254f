/**
 * A checkpoint and a task's pending writes stored in one statement each. LangGraph's PostgresSaver sends
 * `BEGIN`, one INSERT per changed channel (or per write), the checkpoint's INSERT and `COMMIT`: five to
 * nine round trips per checkpoint, six for a task's writes, each on a connection taken from the pool
 * (bench:store counted 48 statements for a row-click turn). One statement is atomic on its own, so the
 * blobs go in through `unnest` inside a data-modifying CTE of the checkpoint's INSERT, and the writes in
 * one INSERT … SELECT — the same rows, the same conflict rules (see `@langchain/langgraph-checkpoint-postgres`
 * sql.ts), one round trip each. Tables in schema `public`, as opened by `open-postgres.ts`.
 */
import type pg from "pg";

const PUT_CHECKPOINT = `
  WITH blobs AS (
    INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
    SELECT $1, $2, b.channel, b.version, b.type, b.blob
    FROM unnest($7::text[], $8::text[], $9::text[], $10::bytea[]) AS b(channel, version, type, blob)
    ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING)
  INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id)
  DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`;

const WRITES_FROM = `
  INSERT INTO checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
  SELECT $1, $2, $3, $4, w.idx, w.channel, w.type, w.blob
  FROM unnest($5::int[], $6::text[], $7::text[], $8::bytea[]) AS w(idx, channel, type, blob)
  ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)`;
const UPSERT_WRITES = `${WRITES_FROM} DO UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob`;
const INSERT_WRITES = `${WRITES_FROM} DO NOTHING`;

/** A blob row as the saver's `_dumpBlobs` makes it: thread, namespace, channel, version, type, bytes. */
export type BlobRow = [string, string, string, string, string, Uint8Array | undefined];
/** A write row as `_dumpWrites` makes it: thread, namespace, checkpoint, task, idx, channel, type, bytes. */
export type WriteRow = [string, string, string, string, number, string, string, Uint8Array];

/** Store one checkpoint row and its changed channels' blobs in one statement. */
export async function putCheckpointRow(
  pool: pg.Pool, key: { threadId: string; ns: string; id: string; parentId: string | undefined },
  checkpoint: unknown, metadata: unknown, blobs: BlobRow[],
): Promise<void> {
  await pool.query(PUT_CHECKPOINT, [
    key.threadId, key.ns, key.id, key.parentId ?? null, checkpoint, metadata,
    blobs.map((b) => b[2]), blobs.map((b) => b[3]), blobs.map((b) => b[4]), blobs.map((b) => (b[5] ? Buffer.from(b[5]) : null)),
  ]);
}

/**
 * Store a task's writes in one statement: `upsert` (every channel a special one) replaces rows as the
 * saver's UPSERT does, otherwise existing rows are kept. False when two rows share an idx (an upsert may
 * not touch a row twice in one statement): the caller stores them the saver's own way.
 */
export async function putWriteRows(pool: pg.Pool, rows: WriteRow[], upsert: boolean): Promise<boolean> {
  if (rows.length === 0) return true;
  if (new Set(rows.map((r) => r[4])).size !== rows.length) return false;
  const [threadId, ns, checkpointId, taskId] = rows[0]!;
  await pool.query(upsert ? UPSERT_WRITES : INSERT_WRITES, [
    threadId, ns, checkpointId, taskId,
    rows.map((r) => r[4]), rows.map((r) => r[5]), rows.map((r) => r[6]), rows.map((r) => Buffer.from(r[7])),
  ]);
  return true;
}

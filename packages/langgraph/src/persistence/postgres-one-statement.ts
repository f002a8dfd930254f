/**
 * A checkpoint and a task's pending writes stored in one statement each. LangGraph's PostgresSaver sends
 * `BEGIN`, one INSERT per changed channel (or per write), the checkpoint's INSERT and `COMMIT`: five to
 * nine round trips per checkpoint, six for a task's writes, each on a connection taken from the pool
 * (bench:store counted 48 statements for a row-click turn). One statement is atomic on its own, so the
 * blobs go in through a data-modifying CTE of the checkpoint's INSERT, and the writes in one multi-row
 * INSERT — the same rows, the same conflict rules (see `@langchain/langgraph-checkpoint-postgres`
 * sql.ts), one round trip each. Tables in schema `public`, as opened by `open-postgres.ts`.
 */
import type pg from "pg";

const INSERT_CHECKPOINT = `
  INSERT INTO checkpoints (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, checkpoint, metadata)
  VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id)
  DO UPDATE SET checkpoint = EXCLUDED.checkpoint, metadata = EXCLUDED.metadata`;

/** `($a, $b, …), (…)` for `rows` rows of `width` parameters numbered from `first`. */
function valuesList(rows: number, width: number, first: number, fixed: string[] = []): string {
  return Array.from({ length: rows }, (_, r) =>
    `(${[...fixed, ...Array.from({ length: width }, (_, c) => `$${first + r * width + c}`)].join(", ")})`).join(", ");
}

/** The checkpoint's INSERT, with the blobs' INSERT as a data-modifying CTE when there are any. */
function putCheckpointSql(blobs: number): string {
  if (blobs === 0) return INSERT_CHECKPOINT;
  return `WITH blobs AS (
    INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
    VALUES ${valuesList(blobs, 4, 7, ["$1", "$2"])}
    ON CONFLICT (thread_id, checkpoint_ns, channel, version) DO NOTHING)${INSERT_CHECKPOINT}`;
}

/** A task's writes in one INSERT; `upsert` replaces rows as the saver's UPSERT does. */
function putWritesSql(rows: number, upsert: boolean): string {
  return `INSERT INTO checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob)
    VALUES ${valuesList(rows, 4, 5, ["$1", "$2", "$3", "$4"])}
    ON CONFLICT (thread_id, checkpoint_ns, checkpoint_id, task_id, idx) ${upsert
      ? "DO UPDATE SET channel = EXCLUDED.channel, type = EXCLUDED.type, blob = EXCLUDED.blob" : "DO NOTHING"}`;
}

/** A blob row as the saver's `_dumpBlobs` makes it: thread, namespace, channel, version, type, bytes. */
export type BlobRow = [string, string, string, string, string, Uint8Array | undefined];
/** A write row as `_dumpWrites` makes it: thread, namespace, checkpoint, task, idx, channel, type, bytes. */
export type WriteRow = [string, string, string, string, number, string, string, Uint8Array];

/** Store one checkpoint row and its changed channels' blobs in one statement. */
export async function putCheckpointRow(
  pool: pg.Pool, key: { threadId: string; ns: string; id: string; parentId: string | undefined },
  checkpoint: unknown, metadata: unknown, blobs: BlobRow[],
): Promise<void> {
  await pool.query(putCheckpointSql(blobs.length), [
    key.threadId, key.ns, key.id, key.parentId ?? null, checkpoint, metadata,
    ...blobs.flatMap((b) => [b[2], b[3], b[4], b[5] ? Buffer.from(b[5].buffer, b[5].byteOffset, b[5].byteLength) : null]),
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
  await pool.query(putWritesSql(rows.length, upsert), [
    threadId, ns, checkpointId, taskId,
    ...rows.flatMap((r) => [r[4], r[5], r[6], Buffer.from(r[7].buffer, r[7].byteOffset, r[7].byteLength)]),
  ]);
  return true;
}

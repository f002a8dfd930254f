/**
 * LangGraph's PostgresSaver with checkpoint metadata kept in clear, and each checkpoint and each task's
 * writes stored in one statement (`postgres-one-statement.ts`). The saver stores metadata as a
 * JSONB column by running it through its serializer and parsing the bytes as JSON (`_dumpMetadata`), so
 * an encrypting serializer (encrypted-serializer.ts) cannot serialize it: metadata goes through
 * LangGraph's plain serializer instead. It holds no conversation data — LangGraph 1.x writes `source`,
 * `step` and `parents` there, never node writes (test/guarantees/secrets-at-rest.test.ts reads every
 * column) — and stays queryable (`list({ filter })`). Checkpoints' channel values (`checkpoint_blobs`) and pending writes
 * (`checkpoint_writes`) go through the encrypting serializer; the `checkpoint` column holds only ids,
 * timestamps and channel versions.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  JsonPlusSerializer, WRITES_IDX_MAP, type ChannelVersions, type Checkpoint, type CheckpointMetadata, type PendingWrite, type SerializerProtocol,
} from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";
import { putCheckpointRow, putWriteRows } from "./postgres-one-statement.js";

export class EncryptedPostgresSaver extends PostgresSaver {
  private readonly plain = new JsonPlusSerializer();

  constructor(private readonly db: pg.Pool, serde?: SerializerProtocol) {
    super(db, serde);
  }

  protected override async _dumpMetadata(metadata: CheckpointMetadata): Promise<unknown> {
    const [, bytes] = await this.plain.dumpsTyped(metadata);
    return JSON.parse(new TextDecoder().decode(bytes).replace(/\0/g, ""));
  }

  protected override async _loadMetadata(metadata: Record<string, unknown>): Promise<unknown> {
    const [type, bytes] = await this.plain.dumpsTyped(metadata);
    return this.plain.loadsTyped(type, bytes);
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    if (config.configurable === undefined) throw new Error(`Missing "configurable" field in "config" param`);
    const { thread_id: threadId, checkpoint_ns: ns = "", checkpoint_id: parentId } = config.configurable;
    const [blobs, dumpedMetadata] = await Promise.all([
      this._dumpBlobs(threadId, ns, checkpoint.channel_values, newVersions), this._dumpMetadata(metadata),
    ]);
    await putCheckpointRow(this.db, { threadId, ns, id: checkpoint.id, parentId }, this._dumpCheckpoint(checkpoint), dumpedMetadata, blobs);
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } = config.configurable ?? {};
    const rows = await this._dumpWrites(threadId, ns, checkpointId, taskId, writes);
    const upsert = writes.every(([channel]) => channel in WRITES_IDX_MAP);
    if (!(await putWriteRows(this.db, rows, upsert))) await super.putWrites(config, writes, taskId);
  }
}

/**
 * LangGraph's PostgresSaver with checkpoint metadata kept in clear. The saver stores metadata as a
 * JSONB column by running it through its serializer and parsing the bytes as JSON (`_dumpMetadata`), so
 * an encrypting serializer (encrypted-serializer.ts) cannot serialize it: metadata goes through
 * LangGraph's plain serializer instead. It holds no conversation data — LangGraph 1.x writes `source`,
 * `step` and `parents` there, never node writes (test/guarantees/secrets-at-rest.test.ts reads every
 * column) — and stays queryable (`list({ filter })`). Checkpoints' channel values (`checkpoint_blobs`) and pending writes
 * (`checkpoint_writes`) go through the encrypting serializer; the `checkpoint` column holds only ids,
 * timestamps and channel versions.
 */
import { JsonPlusSerializer, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";

export class EncryptedPostgresSaver extends PostgresSaver {
  private readonly plain = new JsonPlusSerializer();

  protected override async _dumpMetadata(metadata: CheckpointMetadata): Promise<unknown> {
    const [, bytes] = await this.plain.dumpsTyped(metadata);
    return JSON.parse(new TextDecoder().decode(bytes).replace(/\0/g, ""));
  }

  protected override async _loadMetadata(metadata: Record<string, unknown>): Promise<unknown> {
    const [type, bytes] = await this.plain.dumpsTyped(metadata);
    return this.plain.loadsTyped(type, bytes);
  }
}

/**
 * `openCheckpointer(url?)`: open the conversation store a URL names (see `parseDbUrl`) — MemorySaver,
 * a SQLite file, or PostgreSQL — with its per-thread lock, pruning, retention, deployment key and
 * close. Failures are `PersistenceError`s with one sentence for a person (no stack trace).
 */
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { parseDbUrl } from "./parse-db-url.js";
import { PlainJsonSerializer } from "./plain-json-serializer.js";
import { openSqlite } from "./open-sqlite.js";
import { openPostgres, type PostgresOptions } from "./open-postgres.js";
import { memoryLockOf } from "./thread-lock.js";
import { memoryFootprint, memoryHead, memoryLatest, pruneMemoryThread } from "./prune-memory.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence } from "./persistence.js";
import { configuredKey, processDeploymentKey, type DeploymentKeyInput } from "./deployment-key.js";
import { DEFAULT_MEMORY_RETENTION_MS, deleteIdleThreads, retentionOf } from "./retention.js";

export interface OpenCheckpointerOptions extends PostgresOptions {
  /**
   * Idle time after which a conversation (finished or abandoned) is deleted: milliseconds or a duration
   * (`30d`, `12h`), or `false` to keep every conversation. Default: one day in memory; off for SQLite
   * and PostgreSQL (run `flow gc --db URL --older-than 30d`, or set it).
   */
  retention?: number | string | false | undefined;
}

export async function openCheckpointer(url?: string, options: OpenCheckpointerOptions = {}): Promise<Persistence> {
  const location = parseDbUrl(url);
  switch (location.kind) {
    case "memory":
      return openMemory(options);
    case "sqlite":
      return openSqlite(location.path, { ...options, retentionMs: retentionOf(options.retention, undefined) });
    case "postgres":
      return openPostgres(location.url, { ...options, retentionMs: retentionOf(options.retention, undefined) });
  }
}

export interface MemoryOptions {
  /** The MemorySaver to use (default a new one, with the plain-JSON serializer). */
  saver?: MemorySaver | undefined;
  deploymentKey?: DeploymentKeyInput | undefined;
  /** As `openCheckpointer`'s; default one day. */
  retention?: number | string | false | undefined;
}

/**
 * An in-process store: MemorySaver with a per-thread async mutex. Lost when the process ends, and not
 * encrypted (nothing is at rest). Its deployment key: configured, else random per process.
 */
export function openMemory(options: MemoryOptions = {}): Persistence {
  const saver = options.saver ?? new MemorySaver(new PlainJsonSerializer());
  const key = configuredKey(options.deploymentKey) ?? { key: processDeploymentKey(), source: "process" as const };
  const lock = memoryLockOf(saver);
  const latest = async (threadId?: string) => memoryLatest(saver, threadId);
  return {
    kind: "memory",
    location: "memory",
    saver,
    lock,
    prune: async (threadId, keep = DEFAULT_KEEP_CHECKPOINTS) => pruneMemoryThread(saver, threadId, keep),
    retentionMs: retentionOf(options.retention, DEFAULT_MEMORY_RETENTION_MS),
    deleteIdle: (olderThanMs, now) => deleteIdleThreads({ lock, latest, deleteThread: (t) => saver.deleteThread(t) }, olderThanMs, now),
    latestCheckpoint: async (threadId) => (await latest(threadId)).get(threadId),
    head: async (threadId) => memoryHead(saver, threadId),
    footprint: async (threadId) => memoryFootprint(saver, threadId),
    deploymentKey: async () => key.key,
    keySource: key.source,
    close: async () => undefined,
  };
}

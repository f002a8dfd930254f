/**
 * `openCheckpointer(url?)`: open the conversation store a URL names (see `parseDbUrl`) — MemorySaver,
 * a SQLite file, or PostgreSQL — with its per-thread lock, pruning, deployment key and close.
 * Failures are `PersistenceError`s with one sentence for a person (no stack trace).
 */
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { parseDbUrl } from "./parse-db-url.js";
import { PlainJsonSerializer } from "./plain-json-serializer.js";
import { openSqlite } from "./open-sqlite.js";
import { openPostgres, type PostgresOptions } from "./open-postgres.js";
import { createMemoryLock } from "./thread-lock.js";
import { memoryFootprint, pruneMemoryThread } from "./prune-memory.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence } from "./persistence.js";
import { configuredKey, processDeploymentKey, type DeploymentKeyInput } from "./deployment-key.js";

export type OpenCheckpointerOptions = PostgresOptions;

export async function openCheckpointer(url?: string, options: OpenCheckpointerOptions = {}): Promise<Persistence> {
  const location = parseDbUrl(url);
  switch (location.kind) {
    case "memory":
      return openMemory(undefined, options.deploymentKey);
    case "sqlite":
      return openSqlite(location.path, options.deploymentKey);
    case "postgres":
      return openPostgres(location.url, options);
  }
}

/**
 * An in-process store: MemorySaver with a per-thread async mutex. Lost when the process ends, and not
 * encrypted (nothing is at rest). Its deployment key: configured, else random per process.
 */
export function openMemory(saver = new MemorySaver(new PlainJsonSerializer()), deploymentKey?: DeploymentKeyInput): Persistence {
  const key = configuredKey(deploymentKey) ?? { key: processDeploymentKey(), source: "process" as const };
  return {
    kind: "memory",
    location: "memory",
    saver,
    lock: createMemoryLock(),
    prune: async (threadId, keep = DEFAULT_KEEP_CHECKPOINTS) => pruneMemoryThread(saver, threadId, keep),
    footprint: async (threadId) => memoryFootprint(saver, threadId),
    deploymentKey: async () => key.key,
    keySource: key.source,
    close: async () => undefined,
  };
}

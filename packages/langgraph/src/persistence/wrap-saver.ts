/**
 * A bare LangGraph saver handed to `createFlow({ store })`, made a store: an in-process lock, the
 * configured deployment key (else one random per process), and — where its tables are known — the same
 * pruning and retention as an opened store:
 *
 *   MemorySaver            → pruned and swept like the in-memory store (retention one day)
 *   a SQLite saver (`db`)  → pruned in its tables; retention off, as for an opened SQLite store
 *   any other saver        → kept as it is: not pruned, no retention (open it with openCheckpointer)
 *
 * The saver's own serializer is kept (a wrapped store does not encrypt what it did not encrypt).
 */
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { configuredKey, processDeploymentKey, type DeploymentKeyInput } from "./deployment-key.js";
import { openMemory } from "./open-checkpointer.js";
import type { Persistence } from "./persistence.js";
import { sqliteThreadOps } from "./prune-sqlite.js";
import type { SqliteDb } from "./sqlite-db.js";
import { memoryLockOf } from "./thread-lock.js";

const NOTHING = { checkpointsDeleted: 0, writesDeleted: 0, blobsDeleted: 0 };

/** Whether `value` is an opened store rather than a bare saver. */
export function isPersistence(value: Persistence | BaseCheckpointSaver): value is Persistence {
  return typeof (value as Persistence).prune === "function" && "saver" in value;
}

export function wrapSaver(saver: BaseCheckpointSaver, deploymentKey?: DeploymentKeyInput): Persistence {
  if (saver instanceof MemorySaver) return openMemory({ saver, deploymentKey });
  const key = configuredKey(deploymentKey) ?? { key: processDeploymentKey(), source: "process" as const };
  const lock = memoryLockOf(saver);
  const db = sqliteDbOf(saver);
  const base = {
    location: saver.constructor.name,
    saver,
    lock,
    retentionMs: undefined,
    deploymentKey: async () => key.key,
    keySource: key.source,
    close: async () => undefined,
  };
  if (!db) {
    return {
      ...base, kind: "saver",
      prune: async () => NOTHING,
      deleteIdle: async () => ({ deleted: [], kept: 0 }),
      footprint: async () => ({ checkpoints: 0, writes: 0, bytes: 0 }),
    };
  }
  return { ...base, kind: "sqlite", ...sqliteThreadOps(db, saver, lock) };
}

/** The better-sqlite3 handle of a SqliteSaver (its public `db`), or undefined. */
function sqliteDbOf(saver: BaseCheckpointSaver): SqliteDb | undefined {
  const db = (saver as { db?: Partial<SqliteDb> }).db;
  return typeof db?.prepare === "function" && typeof db.transaction === "function" ? (db as SqliteDb) : undefined;
}

/**
 * A SQLite file as the conversation store: LangGraph's SqliteSaver on a better-sqlite3 handle that this
 * module owns (for pruning and the lease lock), WAL mode, a busy timeout for several processes.
 * Checkpoints, their metadata and pending writes are encrypted (`EncryptedSerializer`) with the
 * deployment key: configured, else `FILE.key` beside the database (created once, mode 0600).
 */
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { openSqliteFile, type SqliteDb } from "./sqlite-db.js";
import { createSqliteLock } from "./sqlite-lock.js";
import { createMemoryLock, layerLocks, reentrant } from "./thread-lock.js";
import { sqliteThreadOps } from "./prune-sqlite.js";
import type { Persistence } from "./persistence.js";
import type { DeploymentKeyInput } from "./deployment-key.js";
import { EncryptedSerializer } from "./encrypted-serializer.js";
import { sqliteStoreKey } from "./store-key.js";

/** SqliteSaver creates its tables lazily in a protected `setup()`; pruning needs them at once. */
class SetUpSqliteSaver extends SqliteSaver {
  ensureTables(): void {
    this.setup();
  }
}

export interface SqliteOptions {
  deploymentKey?: DeploymentKeyInput | undefined;
  /** Idle time in milliseconds after which a conversation is deleted; undefined: never. */
  retentionMs?: number | undefined;
}

export function openSqlite(path: string, options: SqliteOptions = {}): Persistence {
  const { deploymentKey } = options;
  const db: SqliteDb = openSqliteFile(path);
  let key;
  try {
    key = sqliteStoreKey(db, path, deploymentKey);
  } catch (error) {
    db.close();
    throw error;
  }
  const serde = new EncryptedSerializer(key.key, { allowPlaintext: key.allowPlaintext, location: path });
  const saver = new SetUpSqliteSaver(db as unknown as ConstructorParameters<typeof SqliteSaver>[0], serde);
  saver.ensureTables();
  const lock = reentrant(layerLocks(createMemoryLock(), createSqliteLock(db)));
  return {
    kind: "sqlite",
    location: path,
    saver,
    lock,
    ...sqliteThreadOps(db, saver, lock),
    retentionMs: options.retentionMs,
    deploymentKey: async () => key.key,
    keySource: key.source,
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/**
 * The server's store for a database URL, the same URL the conversations use (`--db`): a SQLite file
 * (its tables beside the checkpoints), PostgreSQL, or memory (an in-memory SQLite database).
 */
import { parseDbUrl, type ThreadLock } from "../flow-port.js";
import { openPostgresDb } from "./open-postgres-db.js";
import { openSqliteDb } from "./open-sqlite-db.js";
import { createServeStore, type ServeStore } from "./serve-store.js";

/**
 * `maxConnections`: on PostgreSQL, the most connections the store opens (default 30, or 10 with `lock`).
 * `lock`: the per-thread lock its records are kept under — the conversations' store's own
 * (`Persistence.lock`, re-entrant), so that a run holds one lock across its records and the flow's turns
 * (`flow serve` passes it). Without it the store locks on its own: in-process, and on PostgreSQL an
 * advisory lock on a pool of its own.
 */
export async function openServeStore(url?: string, maxConnections?: number, lock?: ThreadLock): Promise<ServeStore> {
  const location = parseDbUrl(url);
  const db = location.kind === "postgres" ? openPostgresDb(location.url, maxConnections, lock)
    : openSqliteDb(location.kind === "sqlite" ? location.path : ":memory:", lock);
  try {
    return await createServeStore(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

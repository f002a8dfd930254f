/**
 * The server's store for a database URL, the same URL the conversations use (`--db`): a SQLite file
 * (its tables beside the checkpoints), PostgreSQL, or memory (an in-memory SQLite database).
 */
import { parseDbUrl } from "../flow-port.js";
import { openPostgresDb } from "./open-postgres-db.js";
import { openSqliteDb } from "./open-sqlite-db.js";
import { createServeStore, type ServeStore } from "./serve-store.js";

/** `maxConnections`: on PostgreSQL, the most connections the store opens (default 30). */
export async function openServeStore(url?: string, maxConnections?: number): Promise<ServeStore> {
  const location = parseDbUrl(url);
  const db = location.kind === "postgres" ? openPostgresDb(location.url, maxConnections)
    : openSqliteDb(location.kind === "sqlite" ? location.path : ":memory:");
  try {
    return await createServeStore(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

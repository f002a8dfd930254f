/**
 * The server's tables on PostgreSQL, beside the conversations, on pools of their own. The per-thread
 * lock is held across a whole `flow.send` (which takes the flow's own lock connection), so it cannot
 * share a pool with the flow's lock, nor with this store's own queries: lock holders filling the pool
 * would leave no connection for the queries they wait on. Locks wait in line for a connection (up to
 * two minutes); queries never wait behind a lock.
 */
import pg from "pg";
import { createMemoryLock, type ThreadLock } from "../flow-port.js";
import type { SqlDb } from "./sql-db.js";

/** The first key of the two-key advisory lock; the flow's own locks use 0x5f10 and 0x5f11. */
const SERVE_LOCK_CLASS = 0x5f12;

export function openPostgresDb(url: string): SqlDb {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  const lockPool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 120_000 });
  for (const p of [pool, lockPool]) p.on("error", () => undefined);
  let closed: Promise<void> | undefined;
  return {
    dialect: "postgres",
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    run: async (sql, params = []) => (await pool.query(sql, params)).rowCount ?? 0,
    lock: layered(createMemoryLock(), advisoryLock(lockPool)),
    close: () => (closed ??= Promise.all([pool.end(), lockPool.end()]).then(() => undefined)),
  };
}

/** `pg_advisory_lock(class, hashtext(thread))` on a connection held for the whole of `fn`. */
function advisoryLock(pool: pg.Pool): ThreadLock {
  return {
    async run<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const ignore = () => undefined;
      client.on("error", ignore);
      const args = [SERVE_LOCK_CLASS, threadId];
      try {
        await client.query("SELECT pg_advisory_lock($1, hashtext($2))", args);
      } catch (error) {
        client.off("error", ignore);
        client.release(true);
        throw error;
      }
      try {
        return await fn();
      } finally {
        const unlocked = await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", args).then(() => true, () => false);
        client.off("error", ignore);
        client.release(unlocked ? undefined : true);
      }
    },
  };
}

/** Queue in-process first, so one process asks the database for a thread's lock once at a time. */
function layered(inner: ThreadLock, outer: ThreadLock): ThreadLock {
  return { run: (threadId, fn) => inner.run(threadId, () => outer.run(threadId, fn)) };
}

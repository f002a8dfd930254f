/**
 * The server's tables on PostgreSQL, beside the conversations, on pools of their own. The per-thread
 * lock is held across a whole `flow.send` (which takes the flow's own lock connection), so it cannot
 * share a pool with the flow's lock, nor with this store's own queries: lock holders filling the pool
 * would leave no connection for the queries they wait on. Locks wait in line for a connection (up to
 * two minutes); queries never wait behind a lock.
 */
import pg from "pg";
import { connectionBudget, createMemoryLock, createPostgresLock, PreparingPool, type ThreadLock } from "../flow-port.js";
import type { SqlDb } from "./sql-db.js";

/** The first key of the two-key advisory lock; the flow's own locks use 0x5f10 and 0x5f11. */
const SERVE_LOCK_CLASS = 0x5f12;

/** `maxConnections`: the most this store opens (default 30, split as the flow's store splits its own). */
export function openPostgresDb(url: string, maxConnections?: number): SqlDb {
  const budget = connectionBudget(maxConnections, "The server's store on PostgreSQL");
  const settings = { connectionString: url, application_name: "skillflow-serve" };
  // Its statements are prepared once per connection, as the checkpoints' are (preparing-pool.ts).
  const pool: pg.Pool = new PreparingPool({ ...settings, max: budget.statements, connectionTimeoutMillis: 5000 });
  const lockPool = new pg.Pool({ ...settings, max: budget.locks, connectionTimeoutMillis: 120_000 });
  for (const p of [pool, lockPool]) p.on("error", () => undefined);
  let closed: Promise<void> | undefined;
  return {
    dialect: "postgres",
    query: async <T>(sql: string, params: unknown[] = []) => (await onceMore(() => pool.query(sql, params))).rows as T[],
    run: async (sql, params = []) => (await onceMore(() => pool.query(sql, params))).rowCount ?? 0,
    lock: layered(createMemoryLock(), createPostgresLock(lockPool, { prepared: true, lockClass: SERVE_LOCK_CLASS })),
    close: () => (closed ??= Promise.all([pool.end(), lockPool.end()]).then(() => undefined)),
  };
}

/**
 * A statement whose connection was lost (a restart, a failover, a terminated backend: SQLSTATE class 08
 * or 57P, or the driver's own "Connection terminated") is sent once more, on a fresh connection from
 * the pool. Without it, a drop right after a turn left the turn unrecorded: the next run showed the card
 * the person had already answered, and an approval that went through had no audit entry. Every statement
 * of the server's store may be sent twice: updates set values, inserts do nothing on a conflict.
 */
async function onceMore<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!lostConnection(error)) throw error;
    return send();
  }
}

function lostConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (code.startsWith("08") || code.startsWith("57P"))) return true;
  return typeof message === "string" && /Connection terminated|connection error|not queryable/i.test(message);
}

/** Queue in-process first, so one process asks the database for a thread's lock once at a time. */
function layered(inner: ThreadLock, outer: ThreadLock): ThreadLock {
  return { run: (threadId, fn) => inner.run(threadId, () => outer.run(threadId, fn)) };
}

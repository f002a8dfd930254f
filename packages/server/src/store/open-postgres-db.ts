/**
 * The server's tables on PostgreSQL, beside the conversations, on a pool of its own. Its records are
 * kept under a per-thread lock held across a whole run (read the record, send, record what was shown):
 * given, the conversations' own re-entrant lock — a run then holds one lock connection, and each
 * `flow.send` inside re-enters it instead of taking a second; else a lock of its own, an advisory lock
 * on a second pool (a `send` inside it takes the flow's lock connection, so it cannot share that pool,
 * nor this store's query pool: lock holders filling it would leave no connection for the queries they
 * wait on). Locks wait in line for a connection (up to two minutes); queries never wait behind a lock.
 */
import pg from "pg";
import { connectionBudget, createMemoryLock, createPostgresLock, PersistenceError, PreparingPool, type ThreadLock } from "../flow-port.js";
import type { SqlDb } from "./sql-db.js";

/** The first key of the two-key advisory lock (its own runs' lock, and the tables' setup); the flow's own locks use 0x5f10 and 0x5f11. */
const SERVE_LOCK_CLASS = 0x5f12;
/** Its query pool when the lock is the conversations' (it holds no lock connection). */
const QUERY_CONNECTIONS = 10;

/**
 * `maxConnections`: the most this store opens — with `lock`, all for its queries (default 10); without,
 * split as the flow's store splits its own (default 30).
 */
export function openPostgresDb(url: string, maxConnections?: number, lock?: ThreadLock): SqlDb {
  const settings = { connectionString: url, application_name: "skillflow-serve" };
  if (lock) {
    const queries = maxConnections ?? QUERY_CONNECTIONS;
    if (!Number.isSafeInteger(queries) || queries < 1) {
      throw new PersistenceError(`The server's store on PostgreSQL needs at least 1 connection for its queries: maxConnections ${JSON.stringify(maxConnections)} is not a whole number of at least 1.`, "bad-max-connections");
    }
    return sqlDb(new PreparingPool({ ...settings, max: queries, connectionTimeoutMillis: 5000 }), lock, []);
  }
  const budget = connectionBudget(maxConnections, "The server's store on PostgreSQL");
  // Its statements are prepared once per connection, as the checkpoints' are (preparing-pool.ts).
  const pool: pg.Pool = new PreparingPool({ ...settings, max: budget.statements, connectionTimeoutMillis: 5000 });
  const lockPool = new pg.Pool({ ...settings, max: budget.locks, connectionTimeoutMillis: 120_000 });
  return sqlDb(pool, layered(createMemoryLock(), createPostgresLock(lockPool, { prepared: true, lockClass: SERVE_LOCK_CLASS })), [lockPool]);
}

function sqlDb(pool: pg.Pool, lock: ThreadLock, others: pg.Pool[]): SqlDb {
  for (const p of [pool, ...others]) p.on("error", () => undefined);
  let closed: Promise<void> | undefined;
  return {
    dialect: "postgres",
    query: async <T>(sql: string, params: unknown[] = []) => (await onceMore(() => pool.query(sql, params))).rows as T[],
    run: async (sql, params = []) => (await onceMore(() => pool.query(sql, params))).rowCount ?? 0,
    lock,
    async setUp(fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1, 0)", [SERVE_LOCK_CLASS]);
        try {
          return await fn({
            dialect: "postgres",
            query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
            run: async (sql, params = []) => (await client.query(sql, params)).rowCount ?? 0,
          });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1, 0)", [SERVE_LOCK_CLASS]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    },
    close: () => (closed ??= Promise.all([pool, ...others].map((p) => p.end())).then(() => undefined)),
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

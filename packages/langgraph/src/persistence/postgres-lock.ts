/**
 * The per-thread lock on PostgreSQL: a session advisory lock `pg_advisory_lock(class, hashtext(thread))`
 * held on a dedicated connection for the whole turn. Every process sharing the database serializes
 * turns of one conversation on it; when a process dies its session ends and PostgreSQL releases the lock.
 * Two thread ids whose hashes collide merely wait for each other.
 */
import type pg from "pg";
import type { ThreadLock } from "./thread-lock.js";

/** The first key of the two-key advisory lock: keeps Skillflow's locks apart from other users'. */
export const ADVISORY_LOCK_CLASS = 0x5f10;

const LOCK = "SELECT pg_advisory_lock($1, hashtext($2))";
const UNLOCK = "SELECT pg_advisory_unlock($1, hashtext($2))";

export interface PostgresLockOptions {
  /** Lock and unlock as named prepared statements (see preparing-pool.ts). */
  prepared?: boolean;
  /** The first key of the lock (default ADVISORY_LOCK_CLASS): `flow serve`'s own tables use another. */
  lockClass?: number;
}

export function createPostgresLock(pool: pg.Pool, options: PostgresLockOptions = {}): ThreadLock {
  const statement = (name: string, text: string, values: unknown[]) => (options.prepared ? { name, text, values } : { text, values });
  const lockClass = options.lockClass ?? ADVISORY_LOCK_CLASS;
  return {
    async run<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection that drops while checked out emits `error` on the client; unheard, it would end the process.
      const ignore = () => undefined;
      client.on("error", ignore);
      const args = [lockClass, threadId];
      try {
        await client.query(statement("skillflow_lock", LOCK, args));
      } catch (error) {
        client.off("error", ignore);
        client.release(true);
        throw error;
      }
      try {
        return await fn();
      } finally {
        // If unlocking fails the session may still hold the lock: destroy it so the server releases it.
        const unlocked = await client.query(statement("skillflow_unlock", UNLOCK, args)).then(() => true, () => false);
        client.off("error", ignore);
        client.release(unlocked ? undefined : true);
      }
    },
  };
}

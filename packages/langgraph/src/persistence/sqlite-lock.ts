/**
 * The per-thread lock for several processes sharing one SQLite file: a lease row per thread in
 * `skillflow_thread_locks`: a free thread is taken by one INSERT, a held one looked at (and taken over
 * when stale) in a short `BEGIN IMMEDIATE` transaction, and the row deleted on release.
 *
 * A holder renews its lease while its turn runs. A waiter takes the row over when the lease has
 * expired, or at once when the holder was a process on this host that no longer exists (SIGKILL), so
 * a crashed turn does not block its conversation for a whole lease.
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { SqliteDb } from "./sqlite-db.js";
import type { ThreadLock } from "./thread-lock.js";
import { PersistenceError } from "./persistence-error.js";

export interface SqliteLockOptions {
  /** A lease lasts this long unless renewed (renewed every third of it). Default 30 s. */
  leaseMs?: number;
  /** Give up waiting after this long with a `busy` PersistenceError. Default 120 s. */
  waitMs?: number;
}

interface LockRow { owner: string; pid: number; host: string; expires_at: number }

const HOST = hostname();

export function createSqliteLock(db: SqliteDb, options: SqliteLockOptions = {}): ThreadLock {
  const leaseMs = options.leaseMs ?? 30_000;
  const waitMs = options.waitMs ?? 120_000;
  db.exec(`CREATE TABLE IF NOT EXISTS skillflow_thread_locks (
    thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL, expires_at INTEGER NOT NULL)`);
  const select = db.prepare("SELECT owner, pid, host, expires_at FROM skillflow_thread_locks WHERE thread_id = ?");
  const upsert = db.prepare("INSERT OR REPLACE INTO skillflow_thread_locks VALUES (?, ?, ?, ?, ?)");
  const insertFree = db.prepare("INSERT INTO skillflow_thread_locks VALUES (?, ?, ?, ?, ?) ON CONFLICT (thread_id) DO NOTHING");
  const renew = db.prepare("UPDATE skillflow_thread_locks SET expires_at = ? WHERE thread_id = ? AND owner = ?");
  const remove = db.prepare("DELETE FROM skillflow_thread_locks WHERE thread_id = ? AND owner = ?");

  const tryTake = db.transaction((threadId: string, owner: string): boolean => {
    const row = select.get(threadId) as LockRow | undefined;
    if (row && !isStale(row)) return false;
    upsert.run(threadId, owner, process.pid, HOST, Date.now() + leaseMs);
    return true;
  });

  /** A thread nobody holds is taken by one statement; a held row is looked at in a transaction. */
  const take = (threadId: string, owner: string): boolean =>
    insertFree.run(threadId, owner, process.pid, HOST, Date.now() + leaseMs).changes === 1 || tryTake.immediate(threadId, owner);

  async function acquire(threadId: string, owner: string): Promise<void> {
    const deadline = Date.now() + waitMs;
    for (let pause = 2; !take(threadId, owner); pause = Math.min(pause * 2, 50)) {
      if (Date.now() > deadline) {
        throw new PersistenceError(`The conversation \`${threadId}\` is busy: another process has held it for over ${waitMs / 1000} s.`, "busy");
      }
      await sleep(pause);
    }
  }

  return {
    async run<T>(threadId: string, fn: () => Promise<T>): Promise<T> {
      const owner = randomUUID();
      await acquire(threadId, owner);
      const timer = setInterval(() => {
        try {
          renew.run(Date.now() + leaseMs, threadId, owner);
        } catch {
          // The file was busy past its timeout: the next renewal retries, well within the lease.
        }
      }, leaseMs / 3);
      timer.unref();
      try {
        return await fn();
      } finally {
        clearInterval(timer);
        if (db.open) remove.run(threadId, owner);
      }
    },
  };
}

/** A lease is stale when it expired, or its holder was a process on this host that has exited. */
function isStale(row: LockRow): boolean {
  if (row.expires_at < Date.now()) return true;
  return row.host === HOST && row.pid !== process.pid && !isAlive(row.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

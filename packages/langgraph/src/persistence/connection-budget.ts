/**
 * How a PostgreSQL store splits the connections it may open between its two pools: one for statements,
 * one for the advisory locks a turn holds from its start to its end (postgres-lock.ts). Lock holders
 * wait on statements, so the two never share a pool; a third of the budget goes to statements (at
 * least two: opening a store holds one while setting up the tables on another), the rest to locks (at
 * least one). The default, 30, is 10 + 20. Pure.
 */
import { PersistenceError } from "./persistence-error.js";

export const DEFAULT_MAX_CONNECTIONS = 30;
export const MIN_CONNECTIONS = 3;

export interface ConnectionBudget {
  /** The statement pool's size. */
  statements: number;
  /** The lock pool's size: how many turns (or runs) hold a lock at once; the next one waits for a connection. */
  locks: number;
}

/** The split of `max` connections (default 30); a PersistenceError unless it is a whole number of at least 3. */
export function connectionBudget(max: number | undefined, what = "A PostgreSQL store"): ConnectionBudget {
  const total = max ?? DEFAULT_MAX_CONNECTIONS;
  if (!Number.isSafeInteger(total) || total < MIN_CONNECTIONS) {
    throw new PersistenceError(
      `${what} needs at least ${MIN_CONNECTIONS} connections (two for its statements, one for the lock a turn holds): maxConnections ${JSON.stringify(max)} is not a whole number of at least ${MIN_CONNECTIONS}.`,
      "bad-max-connections",
    );
  }
  const statements = Math.max(2, Math.floor(total / 3));
  return { statements, locks: total - statements };
}

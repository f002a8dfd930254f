/**
 * A retail store: one conversation's own copy of the database, and the writes it already did by
 * idempotency key. Injectable: a test or a runner gives a database (or takes a fresh db.json) and reads
 * `store.db` back afterwards; nothing is shared between stores.
 */
import { readRetailDb } from "./db-file.js";
import type { RetailDb } from "./model.js";

export interface RetailStore {
  /** The database this store's tools read and change. */
  readonly db: RetailDb;
  /** Results of the writes done, by idempotency key: a retry with the same key gets the same result. */
  readonly done: Map<string, unknown>;
}

/** A store over a copy of `db` (the caller's object never changes), or over a fresh db.json. */
export function createRetailStore(db?: RetailDb): RetailStore {
  return { db: db ? structuredClone(db) : readRetailDb(), done: new Map() };
}

/**
 * Run a write once per idempotency key: the first call does the work and records its result; a later
 * call with the same key returns that result and does nothing. An empty key always runs.
 */
export function once<T>(store: RetailStore, key: string, write: () => T): T {
  if (key && store.done.has(key)) return structuredClone(store.done.get(key)) as T;
  const result = write();
  if (key) store.done.set(key, structuredClone(result));
  return result;
}

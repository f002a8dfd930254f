/**
 * Opening a SQLite file with better-sqlite3, typed by the few calls this package makes
 * (better-sqlite3 ships no types and `@types/better-sqlite3` is not a dependency).
 */
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describeSqliteError, isMissingBinding } from "./describe-sqlite-error.js";
import { PersistenceError } from "./persistence-error.js";

export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface SqliteDb {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): void;
  pragma(sql: string, options?: { simple?: boolean }): unknown;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) & { immediate: (...args: A) => R };
  close(): void;
  readonly open: boolean;
}

export type DatabaseConstructor = new (path: string, options?: { timeout?: number }) => SqliteDb;

const require = createRequire(import.meta.url);

/**
 * Open (creating it and its folder if needed) a SQLite file; a failure is a `PersistenceError` in one
 * sentence (code `no-binding` when better-sqlite3's native build is missing). `load` gives the
 * better-sqlite3 constructor (tests pass a copy without its build).
 */
export function openSqliteFile(
  path: string, busyTimeoutMs = 10_000, load: () => DatabaseConstructor = () => require("better-sqlite3") as DatabaseConstructor,
): SqliteDb {
  const file = resolve(path);
  try {
    mkdirSync(dirname(file), { recursive: true });
    const Database = load();
    const db = new Database(file, { timeout: busyTimeoutMs });
    db.pragma("journal_mode = WAL");
    return keepPrepared(db);
  } catch (error) {
    throw new PersistenceError(describeSqliteError(path, error), isMissingBinding(error) ? "no-binding" : "open-failed");
  }
}

/** Statements kept per handle (the saver builds a few by filter for `list`; the rest are fixed). */
const PREPARED_KEPT = 64;

/**
 * `db` with its statements prepared once per SQL text and reused: LangGraph's SqliteSaver prepares its
 * INSERTs again on every put (about a quarter of a millisecond a turn). Safe because every statement
 * here runs to completion synchronously (`run`, `get`, `all`; nothing iterates), so none is ever in use
 * twice at once.
 */
function keepPrepared(db: SqliteDb): SqliteDb {
  const prepare = db.prepare.bind(db);
  const kept = new Map<string, SqliteStatement>();
  db.prepare = (sql) => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (kept.size >= PREPARED_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(sql, statement);
    }
    return statement;
  };
  return db;
}

/**
 * The server's tables in a SQLite file (the same file as the conversations, by default
 * `.flow/serve.sqlite`), or in memory (`:memory:`) for a store that is not kept. better-sqlite3 is
 * synchronous; its calls are wrapped as promises to share `SqlDb` with PostgreSQL.
 */
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createMemoryLock, type ThreadLock } from "../flow-port.js";
import { toSqlitePlaceholders, type SqlDb, type SqlStatements } from "./sql-db.js";

interface Statement {
  run(...params: unknown[]): { changes: number };
  all(...params: unknown[]): unknown[];
}
interface Database {
  prepare(sql: string): Statement;
  pragma(sql: string): unknown;
  close(): void;
}
type DatabaseConstructor = new (path: string, options?: { timeout?: number }) => Database;

const require = createRequire(import.meta.url);

/**
 * Open `path` (created with its folder when missing), or an in-memory database for `:memory:`. `lock`:
 * the lock its records are kept under (the conversations' store's, as on PostgreSQL); else in-process.
 */
export function openSqliteDb(path: string, lock: ThreadLock = createMemoryLock()): SqlDb {
  const file = path === ":memory:" ? path : resolve(path);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const Sqlite = require("better-sqlite3") as DatabaseConstructor;
  const db = new Sqlite(file, { timeout: 10_000 });
  if (file !== ":memory:") {
    db.pragma("journal_mode = WAL");
    // In WAL mode NORMAL survives a crash of the process (not of the machine) and saves an fsync per
    // write; the conversations' own checkpoints keep the saver's setting.
    db.pragma("synchronous = NORMAL");
  }
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  let closed = false;
  const sql: SqlStatements = {
    dialect: "sqlite",
    query: async <T>(text: string, params: unknown[] = []) => {
      const q = toSqlitePlaceholders(text, params);
      return prepared(q.sql).all(...q.params) as T[];
    },
    run: async (text, params = []) => {
      const q = toSqlitePlaceholders(text, params);
      return prepared(q.sql).run(...q.params).changes;
    },
  };
  const setUpLock = createMemoryLock();
  return {
    ...sql,
    lock,
    setUp: (fn) => setUpLock.run("tables", () => fn(sql)),
    close: async () => {
      if (!closed) db.close();
      closed = true;
    },
  };
}

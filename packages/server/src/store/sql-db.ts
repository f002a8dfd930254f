/**
 * The few SQL calls the server's own tables need, the same on SQLite and PostgreSQL: statements are
 * written with PostgreSQL's `$1` placeholders and translated for SQLite (`toSqlitePlaceholders`, pure).
 * Each backend also brings the per-thread lock that spans the server's check-then-send sequence. On
 * PostgreSQL a statement whose connection was lost is sent once more, so every statement given to a
 * `SqlDb` must be safe to apply twice (an update that sets values, an insert that does nothing on a
 * conflict).
 */
import type { ThreadLock } from "../flow-port.js";

export interface SqlDb {
  readonly dialect: "sqlite" | "postgres";
  /** Rows of a query; `$1…$n` placeholders. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Run a statement; the number of rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /**
   * Serializes the server's handling of one conversation (read the open interrupt, send, record) across
   * every process on this database: an advisory lock on PostgreSQL, an in-process mutex on SQLite.
   */
  readonly lock: ThreadLock;
  /**
   * Run `fn` (creating the tables) alone among the processes on this database: on PostgreSQL under an
   * advisory lock of the server's own (never a conversation's: `lock` may be the conversations' lock,
   * where any string is a conversation id), its statements on the connection that holds it; on SQLite
   * one at a time in this process (the statements are safe to race across processes).
   */
  setUp<T>(fn: (db: SqlStatements) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The statements of a `SqlDb`, without its lock. */
export type SqlStatements = Pick<SqlDb, "dialect" | "query" | "run">;

/**
 * `$n` placeholders → SQLite's positional `?`, with the parameters reordered to match. Pure.
 * (A `$` inside a string literal is not expected in the server's statements.)
 */
export function toSqlitePlaceholders(sql: string, params: unknown[]): { sql: string; params: unknown[] } {
  const ordered: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
    ordered.push(params[Number(n) - 1]);
    return "?";
  });
  return { sql: text, params: ordered };
}

/**
 * A `pg.Pool` whose parameterized statements are named prepared statements: PostgreSQL parses and
 * plans a statement once per connection instead of at every turn. A turn's statements are few and always
 * the same texts (the checkpoint with its blobs, a task's writes, the saver's read, the prune), and
 * their planning cost more server time than running them — the prune's ranked CTE 0.41 ms to plan
 * against 0.36 ms to run, the saver's read 0.30 ms against 0.12 ms (pg_stat_statements, bench:store at
 * 50 conversations). After five runs PostgreSQL switches such a statement to its generic plan, since
 * every one looks a thread up by its key.
 *
 * A statement's name is a hash of its text, so one name never stands for two texts. Only the first
 * `MAX_NAMED` texts a pool sees are named (a filtered `list()` builds its SQL, and a connection keeps
 * every statement it prepared for its whole life); later texts run unnamed, as before.
 *
 * Named statements need a session per connection: behind PgBouncer in transaction mode (before 1.21,
 * or without `max_prepared_statements`) open the store with `preparedStatements: false`.
 */
import { createHash } from "node:crypto";
import pg from "pg";

/** Distinct statement texts a pool names; the rest run unnamed. */
export const MAX_NAMED = 64;

export class PreparingPool extends pg.Pool {
  private readonly names = new Map<string, string>();

  /** The prepared statement's name for `text`, or undefined once MAX_NAMED texts are named. */
  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED) {
      name = `skillflow_${createHash("sha256").update(text).digest("hex").slice(0, 20)}`;
      this.names.set(text, name);
    }
    return name;
  }

  // pg's overloads cannot be restated one by one; a string with parameters is named, anything else (a
  // config object, a callback, a statement with no parameters, which pg sends by the simple protocol
  // that allows several statements in one text) goes to pg as it came.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === "string" && Array.isArray(values) && values.length > 0 && typeof args[2] !== "function" ? this.nameOf(text) : undefined;
    const call = super.query as (...a: unknown[]) => never;
    return name === undefined ? call.apply(this, args) : call.call(this, { name, text, values });
  }
}

/**
 * Where a conversation store lives, from the `--db` / `checkpointer` string (pure).
 *
 *   (nothing), `memory`, `:memory:`        → in memory (MemorySaver)
 *   `sqlite:PATH`, `sqlite://PATH`, a path  → a SQLite file
 *   `postgres://…`, `postgresql://…`        → PostgreSQL
 *
 * Any other `scheme:` is an error, so a typo (`postgress://`) is not taken for a file name.
 */
import { PersistenceError } from "./persistence-error.js";

export type StoreLocation =
  | { kind: "memory" }
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; url: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function parseDbUrl(url?: string): StoreLocation {
  const text = url?.trim() ?? "";
  if (text === "" || text === "memory" || text === ":memory:") return { kind: "memory" };
  if (/^postgres(ql)?:\/\//i.test(text)) return { kind: "postgres", url: text };
  if (/^sqlite:/i.test(text)) return sqlitePath(text.replace(/^sqlite:(\/\/)?/i, ""), url ?? "");
  const scheme = SCHEME.exec(text);
  // A Windows drive letter (`C:\…`) is a path, not a scheme.
  if (scheme && !/^[a-z]:[\\/]/i.test(text)) {
    throw new PersistenceError(
      `Unknown database URL scheme \`${scheme[1]}:\` in \`${text}\`: use a file path, \`sqlite:PATH\` or \`postgres://user@host/db\`.`,
      "bad-url",
    );
  }
  return sqlitePath(text, text);
}

function sqlitePath(path: string, original: string): StoreLocation {
  if (path === "") {
    throw new PersistenceError(`The database URL \`${original}\` names no file: write \`sqlite:PATH\`.`, "bad-url");
  }
  return { kind: "sqlite", path };
}

/**
 * `PersistenceError`: a failure to open, reach or lock the conversation store, worded for a person.
 * The message is one sentence naming the store (password hidden) and what to do; callers print
 * `error.message`, never the stack.
 */
export class PersistenceError extends Error {
  override readonly name = "PersistenceError";
  constructor(
    message: string,
    /** A machine-readable reason: `bad-url`, `unreachable`, `auth`, `no-database`, `open-failed`, `no-binding`, `busy`. */
    readonly code: string,
  ) {
    super(message);
  }
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db` (pure). */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@]*@/i, "$1***@");
}

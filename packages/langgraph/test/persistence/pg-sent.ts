/**
 * What a piece of code sends to PostgreSQL, recorded at `pg`'s Client#query, which every pool and
 * connection goes through: each statement's first three words, the name it was sent under (a prepared
 * statement's), and how many parameters it had.
 */
import pg from "pg";

export interface Sent { text: string; name: string | undefined; params: number }

/** Every statement `fn` sends, in order. */
export async function sentBy(fn: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: Parameters<pg.Client["query"]>) {
    const config = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    const text = typeof config === "string" ? config : config.text ?? "";
    const values = typeof config === "string" ? args[1] : config.values ?? args[1];
    sent.push({ text: text.trim().split(/\s+/).slice(0, 3).join(" "), name: typeof config === "string" ? undefined : config.name, params: Array.isArray(values) ? values.length : 0 });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** The statements `store` sends from now on that `wanted` picks, in order (the store's own query, watched). */
import type { ServeStore } from "../../src/store/serve-store.js";

export function recordQueries(store: ServeStore, wanted: (sql: string) => boolean): string[] {
  const seen: string[] = [];
  const query = store.db.query.bind(store.db);
  (store.db as { query: typeof query }).query = (sql, params) => {
    if (wanted(sql)) seen.push(sql);
    return query(sql, params);
  };
  return seen;
}

// bench/store: what the process sends to the database — every statement PostgreSQL receives (`pg`'s
// Client#query, so pools, locks and savers alike) and every statement SQLite runs (better-sqlite3's
// Statement#run/get/all), with the bytes of the parameters of INSERTs and UPDATEs (what is written).
// `profile` keeps a count per statement's first words, for the profile table.
import { createRequire } from "node:module";
import pg from "pg";

const require = createRequire(import.meta.url);
export const io = { queries: 0, bytes: 0, profile: undefined };

const sizeOf = (v) => (v == null ? 0 : typeof v === "string" ? Buffer.byteLength(v) : v instanceof Uint8Array ? v.byteLength : typeof v === "object" ? Buffer.byteLength(JSON.stringify(v)) : String(v).length);
const headOf = (sql) => sql.replace(/\s+/g, " ").trim().replace(/\(.*$/, "").slice(0, 48);

function count(sql, params) {
  io.queries += 1;
  if (/^\s*(INSERT|UPDATE|WITH)/i.test(sql) && Array.isArray(params)) io.bytes += params.reduce((s, p) => s + (Array.isArray(p) ? p.reduce((t, q) => t + sizeOf(q), 0) : sizeOf(p)), 0);
  if (io.profile) io.profile.set(headOf(sql), (io.profile.get(headOf(sql)) ?? 0) + 1);
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const sql = typeof config === "string" ? config : config?.text ?? "";
  count(sql, Array.isArray(values) ? values : config?.values);
  return query.call(this, config, values, callback);
};

const Database = require("better-sqlite3");
const probe = new Database(":memory:");
const Statement = Object.getPrototypeOf(probe.prepare("SELECT 1"));
probe.close();
for (const method of ["run", "get", "all"]) {
  const inner = Statement[method];
  Statement[method] = function (...params) {
    count(this.source, params);
    return inner.apply(this, params);
  };
}

export function resetIo(profile = false) {
  Object.assign(io, { queries: 0, bytes: 0, profile: profile ? new Map() : undefined });
}

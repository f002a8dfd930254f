/**
 * The deployment key of a SQLite or PostgreSQL store, checked against the store. Each store has a small
 * table, `skillflow_store (name, value)`, with
 *
 *   key_check         `keyCheckOf(key)`: a store opened with another key fails at once, with one sentence
 *   legacy_plaintext  `1` when the store already held checkpoints the first time it was opened encrypted:
 *                     those were written in clear and may still be read (see encrypted-serializer.ts)
 *   deployment_key    PostgreSQL only, when no key is configured: the generated key itself
 *
 * SQLite keeps a generated key beside the file instead (`FILE.key`, 0600). Setting these rows up is
 * serialized across processes (a `BEGIN IMMEDIATE` transaction; on PostgreSQL the caller holds the setup
 * advisory lock), so two processes opening a fresh store agree on one key.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { configuredKey, createKeyFile, keyCheckOf, MIN_KEY_BYTES, parseDeploymentKey, readKeyFile, type DeploymentKeyInput, type ResolvedKey } from "./deployment-key.js";
import { PersistenceError } from "./persistence-error.js";
import type { SqliteDb } from "./sqlite-db.js";

export interface StoreKey extends ResolvedKey {
  /** The store held checkpoints written before encryption: plain values may be read. */
  allowPlaintext: boolean;
}

const CREATE = "CREATE TABLE IF NOT EXISTS skillflow_store (name TEXT PRIMARY KEY, value TEXT NOT NULL)";

/** The key of the SQLite store at `path` (configured, else `path.key`, created when the store is new). */
export function sqliteStoreKey(db: SqliteDb, path: string, option?: DeploymentKeyInput): StoreKey {
  db.exec(CREATE);
  const read = (name: string) => (db.prepare("SELECT value FROM skillflow_store WHERE name = ?").get(name) as { value: string } | undefined)?.value;
  const keyFile = `${path}.key`;
  const resolved = configuredKey(option) ?? fileKey(keyFile, read("key_check") !== undefined, path);
  const settle = db.transaction((): StoreKey => {
    const check = read("key_check");
    if (check !== undefined) return verified(resolved, check, read("legacy_plaintext"), `the SQLite store ${path}`, `${DEPLOYMENT_KEY_HINT} or ${keyFile}`);
    const saverTables = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'").get() !== undefined;
    const legacy = saverTables && (db.prepare("SELECT count(*) AS n FROM checkpoints").get() as { n: number }).n > 0;
    const insert = db.prepare("INSERT INTO skillflow_store (name, value) VALUES (?, ?)");
    insert.run("key_check", keyCheckOf(resolved.key));
    insert.run("legacy_plaintext", legacy ? "1" : "0");
    return { ...resolved, allowPlaintext: legacy };
  });
  return settle.immediate();
}

function fileKey(keyFile: string, encrypted: boolean, path: string): ResolvedKey {
  const existing = readKeyFile(keyFile);
  if (existing) return { key: existing, source: "key-file", where: keyFile };
  if (encrypted) {
    throw new PersistenceError(`The SQLite store ${path} is encrypted, but its key file ${keyFile} is missing: restore it, or set ${DEPLOYMENT_KEY_HINT} to the key it was created with.`, "wrong-key");
  }
  return { key: createKeyFile(keyFile), source: "key-file", where: keyFile };
}

/**
 * The key of a PostgreSQL store: configured, else the one kept in `skillflow_store` (generated on the
 * first open). Call it holding the setup advisory lock.
 */
export async function postgresStoreKey(client: pg.PoolClient, location: string, option?: DeploymentKeyInput): Promise<StoreKey> {
  await client.query(CREATE);
  const { rows } = await client.query<{ name: string; value: string }>("SELECT name, value FROM skillflow_store");
  const row = (name: string) => rows.find((r) => r.name === name)?.value;
  const insert = (name: string, value: string) => client.query("INSERT INTO skillflow_store (name, value) VALUES ($1, $2)", [name, value]);
  let resolved = configuredKey(option);
  if (!resolved && row("deployment_key") !== undefined) {
    resolved = { key: parseDeploymentKey(row("deployment_key")!, `the skillflow_store table of ${location}`), source: "store", where: "the store's own table" };
  }
  const check = row("key_check");
  if (check !== undefined) {
    if (!resolved) throw new PersistenceError(`PostgreSQL at ${location} is encrypted with a configured deployment key: set ${DEPLOYMENT_KEY_HINT} to it.`, "wrong-key");
    return verified(resolved, check, row("legacy_plaintext"), `PostgreSQL at ${location}`, DEPLOYMENT_KEY_HINT);
  }
  if (!resolved) {
    const key = Uint8Array.from(randomBytes(MIN_KEY_BYTES));
    await insert("deployment_key", Buffer.from(key).toString("base64"));
    resolved = { key, source: "store", where: "the store's own table" };
  }
  const { rows: counted } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM checkpoints");
  const legacy = counted[0]!.n > 0;
  await insert("key_check", keyCheckOf(resolved.key));
  await insert("legacy_plaintext", legacy ? "1" : "0");
  return { ...resolved, allowPlaintext: legacy };
}

const DEPLOYMENT_KEY_HINT = "SKILLFLOW_DEPLOYMENT_KEY";

function verified(resolved: ResolvedKey, check: string, legacy: string | undefined, store: string, hint: string): StoreKey {
  if (keyCheckOf(resolved.key) !== check) {
    throw new PersistenceError(`The deployment key from ${resolved.where} is not the key ${store} was created with: use that key (${hint}).`, "wrong-key");
  }
  return { ...resolved, allowPlaintext: legacy === "1" };
}

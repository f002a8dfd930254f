/**
 * PostgreSQL as the conversation store: LangGraph's PostgresSaver on a pool this module owns (for
 * pruning), the saver's tables created by `setup()` (one process at a time), and the advisory lock on a
 * second pool — a turn holds a lock connection for its whole length, so locks must never starve the
 * saver's queries. Channel values and pending writes are encrypted with the deployment key
 * (configured, else generated once and kept in the store's own table: see store-key.ts).
 */
import pg from "pg";
import type { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { ADVISORY_LOCK_CLASS, createPostgresLock } from "./postgres-lock.js";
import { createMemoryLock, layerLocks, reentrant } from "./thread-lock.js";
import { postgresFootprint, postgresHead, postgresLatest, prunePostgresThread } from "./prune-postgres.js";
import { deleteIdleThreads } from "./retention.js";
import { PersistenceError, redactUrl } from "./persistence-error.js";
import { DEFAULT_KEEP_CHECKPOINTS, type Persistence } from "./persistence.js";
import type { DeploymentKeyInput } from "./deployment-key.js";
import { EncryptedSerializer } from "./encrypted-serializer.js";
import { EncryptedPostgresSaver } from "./encrypted-postgres-saver.js";
import { postgresStoreKey, type StoreKey } from "./store-key.js";
import { PreparingPool } from "./preparing-pool.js";
import { connectionBudget } from "./connection-budget.js";

export interface PostgresOptions {
  /** Give up connecting after this long. Default 5 s. */
  connectTimeoutMs?: number | undefined;
  /** The deployment key (hex or base64, or bytes); default SKILLFLOW_DEPLOYMENT_KEY, else the store's own. */
  deploymentKey?: DeploymentKeyInput | undefined;
  /**
   * Run a turn's statements as named prepared statements, parsed and planned once per connection
   * (preparing-pool.ts). Default true; false behind a pooler that shares a session between clients
   * (PgBouncer in transaction mode without `max_prepared_statements`).
   */
  preparedStatements?: boolean | undefined;
  /**
   * The most connections this store opens (default 30, at least 3): a third for its statements (at
   * least two), the rest for the locks turns hold (connection-budget.ts), so about two thirds of it turns
   * run at once and the next waits for a connection. Size it so every process's stores fit under the
   * server's `max_connections`.
   */
  maxConnections?: number | undefined;
}

interface OpenPostgresOptions extends PostgresOptions {
  /** Idle time in milliseconds after which a conversation is deleted; undefined: never. */
  retentionMs?: number | undefined;
}

export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<Persistence> {
  const budget = connectionBudget(options.maxConnections);
  // Named in pg_stat_activity (unless the URL names its own application_name, which wins).
  const settings = { connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000, application_name: "skillflow" };
  const prepared = options.preparedStatements ?? true;
  const pool = prepared ? new PreparingPool({ ...settings, max: budget.statements }) : new pg.Pool({ ...settings, max: budget.statements });
  // A turn holds a lock connection for its whole length, so the turn after the pool's last waits for one:
  // as long as it would wait for a lock held elsewhere, not the connect timeout (which would fail it after 5 s).
  const lockPool = new pg.Pool({ ...settings, max: budget.locks, connectionTimeoutMillis: LOCK_WAIT_MS });
  // An idle connection that drops emits `error` on its pool; without a listener the process would exit.
  for (const p of [pool, lockPool]) p.on("error", () => undefined);
  let saver: PostgresSaver;
  let key: StoreKey;
  try {
    ({ saver, key } = await setUpSerialized(pool, redactUrl(url), options.deploymentKey));
  } catch (error) {
    await Promise.all([pool.end(), lockPool.end()]).catch(() => undefined);
    throw error instanceof PersistenceError ? error : describeConnectError(url, error);
  }
  let closed: Promise<void> | undefined;
  const lock = reentrant(layerLocks(createMemoryLock(), createPostgresLock(lockPool, { prepared })));
  return {
    kind: "postgres",
    location: redactUrl(url),
    saver,
    lock,
    prune: (threadId, keep = DEFAULT_KEEP_CHECKPOINTS) => prunePostgresThread(pool, threadId, keep),
    retentionMs: options.retentionMs,
    deleteIdle: (olderThanMs, now) =>
      deleteIdleThreads({ lock, latest: (t) => postgresLatest(pool, t), deleteThread: (t) => saver.deleteThread(t) }, olderThanMs, now),
    latestCheckpoint: async (threadId) => (await postgresLatest(pool, threadId)).get(threadId),
    head: (threadId) => postgresHead(pool, threadId),
    footprint: (threadId) => postgresFootprint(pool, threadId),
    deploymentKey: async () => key.key,
    keySource: key.source,
    close: () => (closed ??= Promise.all([pool.end(), lockPool.end()]).then(() => undefined)),
  };
}

/** How long a turn waits for a lock connection when every one is in use. */
const LOCK_WAIT_MS = 120_000;

/** The first key of the advisory lock that serializes `setup()` across processes. */
const SETUP_LOCK_CLASS = ADVISORY_LOCK_CLASS + 1;

/**
 * Create the saver's tables and settle the deployment key under an advisory lock: two processes opening
 * a fresh database at once would otherwise both run the migrations (one failing on a duplicate key), or
 * generate two keys.
 */
async function setUpSerialized(pool: pg.Pool, location: string, option?: DeploymentKeyInput): Promise<{ saver: PostgresSaver; key: StoreKey }> {
  // Holds one statement connection while setup() takes another: why the statement pool has at least two.
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1, 0)", [SETUP_LOCK_CLASS]);
    // The tables first (with a plain saver: setup() writes no checkpoint), so the key can see old rows.
    await new EncryptedPostgresSaver(pool).setup();
    const key = await postgresStoreKey(client, location, option);
    const saver = new EncryptedPostgresSaver(pool, new EncryptedSerializer(key.key, { allowPlaintext: key.allowPlaintext, location }));
    return { saver, key };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1, 0)", [SETUP_LOCK_CLASS]).catch(() => undefined);
    client.release();
  }
}

/** One sentence for a person: which server, what went wrong, what to check. */
export function describeConnectError(url: string, error: unknown): PersistenceError {
  const where = redactUrl(url);
  const code = errorCode(error);
  const reason = error instanceof Error && error.message ? error.message : String(error);
  if (code === "ECONNREFUSED" || code === "ETIMEDOUT" || /timeout/i.test(reason)) {
    return new PersistenceError(`Cannot reach PostgreSQL at ${where} (${code ?? "connection timed out"}): is the server running and listening there?`, "unreachable");
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new PersistenceError(`Cannot reach PostgreSQL at ${where}: the host name does not resolve.`, "unreachable");
  }
  if (code === "28P01" || code === "28000") {
    return new PersistenceError(`PostgreSQL at ${where} refused the login: ${reason}.`, "auth");
  }
  if (code === "3D000") {
    return new PersistenceError(`PostgreSQL at ${where}: ${reason}; create it first (\`createdb\`).`, "no-database");
  }
  return new PersistenceError(`Cannot use PostgreSQL at ${where}: ${reason}.`, "open-failed");
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; errors?: Array<{ code?: unknown }> } | undefined;
  if (typeof e?.code === "string") return e.code;
  const inner = e?.errors?.find((x) => typeof x?.code === "string");
  return inner?.code as string | undefined;
}

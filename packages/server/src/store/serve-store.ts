/**
 * `ServeStore`: the server's tables (see serve-types.ts) over a `SqlDb`, the same statements on SQLite
 * and PostgreSQL. Session tokens are stored as SHA-256 hashes; a token itself is never stored. Every
 * statement may be sent twice (the PostgreSQL store sends one again after a lost connection): updates
 * set values, and inserts do nothing on a conflict.
 */
import { createHash, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { SqlDb, SqlStatements } from "./sql-db.js";
import type { ApprovalRecord, ApprovalStatus, AuditEntry, ThreadRecord } from "./serve-types.js";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS skillflow_serve_sessions (token_hash TEXT PRIMARY KEY, kind TEXT NOT NULL, subject TEXT NOT NULL, created_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS skillflow_serve_threads (thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, seen TEXT NOT NULL, interrupt TEXT, last_turn TEXT, outbox TEXT NOT NULL, created_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS skillflow_serve_approvals (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, request_id TEXT NOT NULL, confirm TEXT NOT NULL, role TEXT NOT NULL, card TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, answered_by TEXT, answered_at TEXT, UNIQUE (thread_id, request_id))`,
  `CREATE TABLE IF NOT EXISTS skillflow_serve_audit (id TEXT PRIMARY KEY, approval_id TEXT NOT NULL, thread_id TEXT NOT NULL, request_id TEXT NOT NULL, approver TEXT NOT NULL, role TEXT NOT NULL, yes INTEGER NOT NULL, digest TEXT NOT NULL, at TEXT NOT NULL)`,
];

/** Sessions a store keeps at hand after reading them (the oldest read first out). */
const SESSIONS_KEPT = 1024;
/** Thread owners kept the same way. */
const OWNERS_KEPT = 4096;

/** A chat caller, a signed-in approver, or an author signed in to the Studio (@skillflow/studio). */
export type SessionKind = "caller" | "approver" | "author";

export interface ServeStore {
  readonly db: SqlDb;
  createSession(kind: SessionKind, subject: string, now: string): Promise<string>;
  /** The subject of a session token, or undefined (unknown, or older than `maxAgeMs`). */
  sessionSubject(kind: SessionKind, token: string, now: string, maxAgeMs?: number): Promise<string | undefined>;
  /** Records `owner` for a new thread; returns the owner on record (the first caller's). */
  claimThread(threadId: string, owner: string, now: string): Promise<string>;
  readThread(threadId: string): Promise<ThreadRecord | undefined>;
  writeThread(record: ThreadRecord): Promise<void>;
  /** Adds a request unless (thread, request id) is already indexed; returns the indexed record. */
  indexApproval(record: ApprovalRecord): Promise<ApprovalRecord>;
  approval(id: string): Promise<ApprovalRecord | undefined>;
  approvalsOf(threadId: string): Promise<ApprovalRecord[]>;
  waitingApprovals(roles: string[]): Promise<ApprovalRecord[]>;
  setApprovalStatus(id: string, status: ApprovalStatus, by?: string, at?: string): Promise<void>;
  audit(entry: AuditEntry): Promise<void>;
  auditOf(approvalId: string): Promise<AuditEntry[]>;
  close(): Promise<void>;
}

export async function createServeStore(db: SqlDb): Promise<ServeStore> {
  // Two processes creating the tables of a fresh PostgreSQL database at once would collide: one at a
  // time, under a lock of their own (db.lock may be the conversations', where any name is a thread's).
  await db.setUp(async (tables) => {
    for (const statement of SCHEMA) await tables.run(statement);
    await addRunsColumn(tables);
  });
  const hash = (token: string) => createHash("sha256").update(token).digest("hex");
  // A session row never changes once written (no statement updates or deletes one), so a token found
  // is kept here and not read again at every run; its age is still checked against `created_at`.
  const sessions = new Map<string, { subject: string; created_at: string }>();
  // A thread's owner is written once (claimThread inserts it; no statement changes it): kept the same way.
  const owners = new Map<string, string>();
  const keepOwner = (threadId: string, owner: string) => {
    if (owners.size >= OWNERS_KEPT) owners.delete(owners.keys().next().value!);
    owners.set(threadId, owner);
    return owner;
  };
  return {
    db,
    async createSession(kind, subject, now) {
      const token = randomBytes(32).toString("base64url");
      await db.run(`INSERT INTO skillflow_serve_sessions (token_hash, kind, subject, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (token_hash) DO NOTHING`, [hash(token), kind, subject, now]);
      return token;
    },
    async sessionSubject(kind, token, now, maxAgeMs) {
      const key = `${kind}:${hash(token)}`;
      let row = sessions.get(key);
      if (!row) {
        const rows = await db.query<{ subject: string; created_at: string }>(
          `SELECT subject, created_at FROM skillflow_serve_sessions WHERE token_hash = $1 AND kind = $2`, [hash(token), kind]);
        row = rows[0];
        if (!row) return undefined;
        if (sessions.size >= SESSIONS_KEPT) sessions.delete(sessions.keys().next().value!);
        sessions.set(key, row);
      }
      if (maxAgeMs !== undefined && Date.parse(now) - Date.parse(row.created_at) > maxAgeMs) return undefined;
      return row.subject;
    },
    async claimThread(threadId, owner, now) {
      const kept = owners.get(threadId);
      if (kept !== undefined) return kept;
      // Read first: a conversation is claimed once, and every later run only reads (no write per run).
      const known = await db.query<{ owner: string }>(`SELECT owner FROM skillflow_serve_threads WHERE thread_id = $1`, [threadId]);
      if (known[0]) return keepOwner(threadId, known[0].owner);
      await db.run(
        `INSERT INTO skillflow_serve_threads (thread_id, owner, seen, outbox, created_at) VALUES ($1, $2, '[]', '[]', $3) ON CONFLICT (thread_id) DO NOTHING`,
        [threadId, owner, now]);
      const rows = await db.query<{ owner: string }>(`SELECT owner FROM skillflow_serve_threads WHERE thread_id = $1`, [threadId]);
      return keepOwner(threadId, rows[0]!.owner);
    },
    async readThread(threadId) {
      const rows = await db.query<ThreadRow>(`SELECT * FROM skillflow_serve_threads WHERE thread_id = $1`, [threadId]);
      // A row deleted outside the server (by hand) is claimed again; the owner kept is the row's, so a
      // row made anew by another process is not answered from what this one kept (the run checks it too).
      if (rows[0]) keepOwner(threadId, rows[0].owner);
      else owners.delete(threadId);
      return rows[0] && fromThreadRow(rows[0]);
    },
    async writeThread(r) {
      await db.run(
        `UPDATE skillflow_serve_threads SET seen = $2, interrupt = $3, last_turn = $4, outbox = $5, runs = $6 WHERE thread_id = $1`,
        [r.threadId, JSON.stringify(r.seen), json(r.interrupt), json(r.lastTurn), JSON.stringify(r.outbox), packRuns(r.runs)]);
    },
    async indexApproval(r) {
      await db.run(
        `INSERT INTO skillflow_serve_approvals (id, thread_id, request_id, confirm, role, card, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (thread_id, request_id) DO NOTHING`,
        [r.id, r.threadId, r.requestId, r.confirm, r.role, JSON.stringify(r.card), r.status, r.createdAt]);
      const rows = await db.query<ApprovalRow>(`SELECT * FROM skillflow_serve_approvals WHERE thread_id = $1 AND request_id = $2`, [r.threadId, r.requestId]);
      return fromApprovalRow(rows[0]!);
    },
    async approval(id) {
      const rows = await db.query<ApprovalRow>(`SELECT * FROM skillflow_serve_approvals WHERE id = $1`, [id]);
      return rows[0] && fromApprovalRow(rows[0]);
    },
    async approvalsOf(threadId) {
      const rows = await db.query<ApprovalRow>(`SELECT * FROM skillflow_serve_approvals WHERE thread_id = $1 ORDER BY created_at, id`, [threadId]);
      return rows.map(fromApprovalRow);
    },
    async waitingApprovals(roles) {
      if (roles.length === 0) return [];
      const marks = roles.map((_, i) => `$${i + 2}`).join(", ");
      const rows = await db.query<ApprovalRow>(
        `SELECT * FROM skillflow_serve_approvals WHERE status = $1 AND role IN (${marks}) ORDER BY created_at, id`, ["waiting", ...roles]);
      return rows.map(fromApprovalRow);
    },
    async setApprovalStatus(id, status, by, at) {
      await db.run(`UPDATE skillflow_serve_approvals SET status = $2, answered_by = $3, answered_at = $4 WHERE id = $1`, [id, status, by ?? null, at ?? null]);
    },
    async audit(e) {
      await db.run(
        `INSERT INTO skillflow_serve_audit (id, approval_id, thread_id, request_id, approver, role, yes, digest, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [randomBytes(8).toString("hex"), e.approvalId, e.threadId, e.requestId, e.approver, e.role, e.yes ? 1 : 0, e.digest, e.at]);
    },
    async auditOf(approvalId) {
      const rows = await db.query<AuditRow>(`SELECT * FROM skillflow_serve_audit WHERE approval_id = $1 ORDER BY at, id`, [approvalId]);
      return rows.map((r) => ({
        approvalId: r.approval_id, threadId: r.thread_id, requestId: r.request_id, approver: r.approver, role: r.role,
        yes: Number(r.yes) === 1, digest: r.digest, at: r.at,
      }));
    },
    close: () => db.close(),
  };
}

/** The `runs` column (the runs a retry is answered from), added to a table made before it existed. */
async function addRunsColumn(db: SqlStatements): Promise<void> {
  if (db.dialect === "postgres") return void (await db.run(`ALTER TABLE skillflow_serve_threads ADD COLUMN IF NOT EXISTS runs TEXT`));
  const has = async () => (await db.query<{ name: string }>(`PRAGMA table_info(skillflow_serve_threads)`)).some((c) => c.name === "runs");
  if (await has()) return;
  // Another process on the same file may add it first (the schema lock is per process on SQLite).
  await db.run(`ALTER TABLE skillflow_serve_threads ADD COLUMN runs TEXT`).catch(async (error: unknown) => {
    if (!(await has())) throw error;
  });
}

/**
 * The runs kept to answer a retry hold every event they streamed (about 3.5 KB for two runs of the
 * examples; about 1.1–1.5 KB deflated). Stored as base64 text; a value in plain JSON is read as it is.
 */
function packRuns(runs: ThreadRecord["runs"]): string {
  return runs.length ? deflateRawSync(JSON.stringify(runs)).toString("base64") : "[]";
}

function unpackRuns(text: string | null): ThreadRecord["runs"] {
  if (!text) return [];
  return JSON.parse(text.startsWith("[") ? text : inflateRawSync(Buffer.from(text, "base64")).toString("utf8"));
}

interface ThreadRow { thread_id: string; owner: string; seen: string; interrupt: string | null; last_turn: string | null; outbox: string; runs: string | null }
interface ApprovalRow {
  id: string; thread_id: string; request_id: string; confirm: string; role: string; card: string; status: string;
  created_at: string; answered_by: string | null; answered_at: string | null;
}
interface AuditRow {
  approval_id: string; thread_id: string; request_id: string; approver: string; role: string; yes: number | string; digest: string; at: string;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

function fromThreadRow(r: ThreadRow): ThreadRecord {
  return {
    threadId: r.thread_id,
    owner: r.owner,
    seen: JSON.parse(r.seen) as string[],
    interrupt: r.interrupt ? JSON.parse(r.interrupt) : null,
    lastTurn: r.last_turn ? JSON.parse(r.last_turn) : null,
    outbox: JSON.parse(r.outbox),
    runs: unpackRuns(r.runs),
  };
}

function fromApprovalRow(r: ApprovalRow): ApprovalRecord {
  const record: ApprovalRecord = {
    id: r.id, threadId: r.thread_id, requestId: r.request_id, confirm: r.confirm, role: r.role,
    card: JSON.parse(r.card), status: r.status as ApprovalStatus, createdAt: r.created_at,
  };
  if (r.answered_by) record.answeredBy = r.answered_by;
  if (r.answered_at) record.answeredAt = r.answered_at;
  return record;
}

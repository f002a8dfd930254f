/**
 * Secrets at rest: a conversation that types secrets — account-change's verification code,
 * conference-trip's approval codes (the wrong ones first) — is stored on SQLite and on PostgreSQL, then
 * the raw store is searched for every secret value: the SQLite file with its -wal and -shm, and on
 * PostgreSQL every column of every row of every table in the database, read as text and bytes (hex too).
 * No hit anywhere; the thread id (stored in clear) is found, so the search does see the rows, and the
 * decrypted state does hold the code, so the conversation did store it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openCheckpointer } from "@skillflow/langgraph";
import { driveProof } from "./drive-proof.js";
import { PG_URL, notePgSkipped } from "../fixtures/durable/pg-url.js";
import { createTempDatabase } from "../fixtures/durable/temp-pg-database.js";

notePgSkipped("secrets at rest");
const CONVERSATIONS: Array<[string, string, string[]]> = [
  ["proofs/account-change/change-plan.proof.yaml", "verification_code", ["428193"]],
  ["proofs/conference-trip/approval-code.proof.yaml", "approval_code", ["ZZ-999999", "CD-654321", "AB-123456"]],
];
const THREAD = "at-rest-7f3e2c9a";
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "secrets-at-rest-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Drive every conversation on the store at `url`; check the decrypted state holds the last secret typed. */
async function storeConversations(url: string): Promise<void> {
  const store = await openCheckpointer(url);
  try {
    for (const [file, field, secrets] of CONVERSATIONS) {
      const run = await driveProof(file, `${THREAD}-${field}`, store);
      const stored = await run.flow.graph.getState({ configurable: { thread_id: run.thread } });
      expect(stored.values.flow.answers[field]?.value, `${file} stored its secret`).toBe(secrets.at(-1));
    }
  } finally {
    await store.close();
  }
}

/** Where each needle occurs in `haystacks` (name → text): needle → names. */
function hits(haystacks: Record<string, string>, needles: string[]): Record<string, string[]> {
  return Object.fromEntries(needles.map((n) => [n, Object.keys(haystacks).filter((k) => haystacks[k]!.includes(n))]));
}

const SECRETS = CONVERSATIONS.flatMap(([, , s]) => s);
const asHex = (text: string) => Buffer.from(text).toString("hex");

describe("secrets at rest", () => {
  it("are nowhere in the SQLite file, its -wal or -shm", async () => {
    const file = join(dir, "chat.sqlite");
    await storeConversations(`sqlite:${file}`);
    const raw = Object.fromEntries(["", "-wal", "-shm"].filter((s) => existsSync(file + s)).map((s) => [`chat.sqlite${s}`, readFileSync(file + s).toString("latin1")]));
    expect(Object.keys(raw)).toContain("chat.sqlite");
    expect(hits(raw, SECRETS)).toEqual(Object.fromEntries(SECRETS.map((s) => [s, []])));
    expect(hits(raw, [THREAD])[THREAD]!.length).toBeGreaterThan(0);
  });

  it.skipIf(!PG_URL)("are in no column of any row of any table on PostgreSQL", async () => {
    const db = await createTempDatabase(PG_URL!, "at_rest");
    try {
      await storeConversations(db.url);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const cells: Record<string, string> = {};
      try {
        const { rows: tables } = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
        expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(["checkpoints", "checkpoint_blobs", "checkpoint_writes", "skillflow_store"]));
        for (const { table_name: table } of tables) {
          const { rows } = await client.query(`SELECT * FROM "${table}"`);
          const { rows: asText } = await client.query(`SELECT t::text AS row FROM "${table}" t`);
          rows.forEach((row: Record<string, unknown>, i) => {
            for (const [column, value] of Object.entries(row)) cells[`${table}[${i}].${column}`] = cellText(value);
            cells[`${table}[${i}]::text`] = String(asText[i]!.row);
          });
        }
      } finally {
        await client.end();
      }
      expect(hits(cells, [...SECRETS, ...SECRETS.map(asHex)])).toEqual(Object.fromEntries([...SECRETS, ...SECRETS.map(asHex)].map((s) => [s, []])));
      expect(hits(cells, [THREAD])[THREAD]!.length).toBeGreaterThan(0);
    } finally {
      await db.drop();
    }
  });
});

/** A cell as text: bytes both as Latin-1 and as hex, JSON as JSON. */
function cellText(value: unknown): string {
  if (Buffer.isBuffer(value)) return `${value.toString("latin1")} ${value.toString("hex")}`;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Opening stores: the right saver for each URL, clear one-sentence errors, idempotent close. */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { PersistenceError } from "../../src/persistence/persistence-error.js";
import pg from "pg";
import { compileTinyGraph, tinyTurn } from "./tiny-graph.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("opening a store");
let dir = "";
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

async function openError(url: string): Promise<PersistenceError> {
  const error = await openCheckpointer(url, { connectTimeoutMs: 2000 }).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe("openCheckpointer", () => {
  it("gives MemorySaver without a URL", async () => {
    const store = await openCheckpointer();
    expect(store.kind).toBe("memory");
    expect(store.saver).toBeInstanceOf(MemorySaver);
    await store.close();
  });

  it("opens a SQLite file (creating its folder) that survives a reopen", async () => {
    dir = mkdtempSync(join(tmpdir(), "open-"));
    const file = join(dir, "nested", "flow.sqlite");
    const first = await openCheckpointer(`sqlite:${file}`);
    expect(first.saver).toBeInstanceOf(SqliteSaver);
    await tinyTurn(compileTinyGraph(first.saver), "t", "a");
    await first.close();
    await first.close();
    expect(existsSync(file)).toBe(true);
    const second = await openCheckpointer(file);
    const result = await tinyTurn(compileTinyGraph(second.saver), "t", "b");
    expect(result).toMatchObject({ turns: 2, last: "b#2" });
    await second.close();
  });

  it("says why a SQLite file cannot be opened", async () => {
    dir = mkdtempSync(join(tmpdir(), "open-"));
    const error = await openError(`sqlite:${dir}`);
    expect(error.code).toBe("open-failed");
    expect(error.message).toContain(`Cannot open the SQLite database \`${dir}\``);
  });

  it("says PostgreSQL is unreachable, without the password", async () => {
    const error = await openError("postgres://bob:hunter2@127.0.0.1:1/db");
    expect(error.code).toBe("unreachable");
    expect(error.message).toBe("Cannot reach PostgreSQL at postgres://bob:***@127.0.0.1:1/db (ECONNREFUSED): is the server running and listening there?");
  });

  it("refuses an unknown scheme", async () => {
    expect((await openError("mysql://h/db")).code).toBe("bad-url");
  });

  it.skipIf(!PG_URL)(`opens PostgreSQL, and names a missing database${PG_URL ? "" : ` — ${PG_SKIP_REASON}`}`, async () => {
    const store = await openCheckpointer(PG_URL);
    expect(store.saver).toBeInstanceOf(PostgresSaver);
    await store.close();
    await store.close();
    const missing = PG_URL!.replace(/\/[^/]*$/, "/no_such_db_here");
    const error = await openError(missing);
    expect(error.code).toBe("no-database");
    expect(error.message).toMatch(/no_such_db_here.*createdb/);
  });

  it.skipIf(!PG_URL)(`sets up a fresh PostgreSQL database from several openers at once${PG_URL ? "" : ` — ${PG_SKIP_REASON}`}`, async () => {
    const name = `skillflow_setup_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = PG_URL!.replace(/\/[^/]*$/, `/${name}`);
      const opened = await Promise.allSettled(Array.from({ length: 5 }, () => openCheckpointer(url)));
      for (const o of opened) if (o.status === "fulfilled") await o.value.close();
      expect(opened.map((o) => (o.status === "rejected" ? String(o.reason) : "ok"))).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    } finally {
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  });
});

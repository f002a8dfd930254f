/**
 * Retention against the real stores (memory, a SQLite file, PostgreSQL when PG_URL is set — in a
 * database of its own, since a sweep spans the whole store): `deleteIdle` deletes every conversation
 * whose latest checkpoint is older than the idle time, finished or abandoned, and keeps the others
 * whole; flows sweep by themselves after a turn when the store has a retention (memory: one day by
 * default); a bare saver handed to createFlow is pruned and swept too when its tables are known.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { openCheckpointer, openMemory } from "../../src/persistence/open-checkpointer.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import { checkpointTime, DEFAULT_MEMORY_RETENTION_MS, deleteIdleThreads, parseDuration } from "../../src/persistence/retention.js";
import { createFlow } from "../../src/create-flow.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { compileTinyGraph, tinyTurn } from "./tiny-graph.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";
import { createTempDatabase } from "../../../../test/fixtures/durable/temp-pg-database.js";

notePgSkipped("retention");
const SHOP = fileURLToPath(new URL("../../../../test/fixtures/proofs/mini_shop", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "retention-"));
const opened: Persistence[] = [];
let pg: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  if (PG_URL) pg = await createTempDatabase(PG_URL, "retention");
});
afterEach(async () => void (await Promise.all(opened.splice(0).map((p) => p.close()))));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function open(kind: string, options: Parameters<typeof openCheckpointer>[1] = {}): Promise<Persistence> {
  const url = kind === "sqlite" ? `sqlite:${join(dir, `r-${Math.random().toString(36).slice(2)}.sqlite`)}` : kind === "postgres" ? pg!.url : undefined;
  const store = await openCheckpointer(url, options);
  opened.push(store);
  return store;
}

describe("durations and checkpoint times", () => {
  it("reads durations with a unit, and refuses anything else with one sentence", () => {
    expect(parseDuration("30d")).toBe(30 * 86_400_000);
    expect(parseDuration("12h")).toBe(12 * 3_600_000);
    expect(parseDuration(" 90m ")).toBe(90 * 60_000);
    expect(parseDuration("500ms")).toBe(500);
    expect(parseDuration(1500)).toBe(1500);
    for (const bad of ["30", "thirty days", "-1d", "0s", ""]) expect(() => parseDuration(bad)).toThrow(/A duration is a number and a unit/);
  });

  it("reads the time a real checkpoint was written from its id", async () => {
    const store = await open("memory");
    const before = Date.now();
    await tinyTurn(compileTinyGraph(store.saver), "t", "a");
    const id = (await store.saver.getTuple({ configurable: { thread_id: "t" } }))!.checkpoint.id;
    const at = checkpointTime(id)!;
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now() + 1);
    expect(checkpointTime("not-a-uuid")).toBeUndefined();
    expect(checkpointTime("9b2c7a3e-1d4f-4c8b-9a6e-2f1d3c4b5a69")).toBeUndefined(); // a v4 id carries no time
  });
});

const kinds = ["memory", "sqlite", ...(PG_URL ? ["postgres"] : [])];

describe.each(kinds)("retention on %s", (kind) => {
  it("deletes the conversations idle longer than the idle time, finished or abandoned, and keeps the others whole", async () => {
    const store = await open(kind, { retention: false });
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: SHOP, model, store });
    model.script({ quantity: 2 });
    await flow.send("abandoned", { text: "two mugs" });
    await flow.send("finished", { preset: { quantity: 1, item_id: "MUG", gift_wrap: false, pin: "4321" } });
    const done = await flow.send("finished", { press: "buy" });
    expect(done.done).toBe(true);
    const cut = Date.now();
    await sleep(30);
    await flow.send("recent", { pick: { item_id: "CAP" } });
    const sweep = await store.deleteIdle(Date.now() - cut - 5);
    expect(sweep.deleted.sort()).toEqual(["abandoned", "finished"]);
    expect(sweep.kept).toBe(1);
    for (const gone of ["abandoned", "finished"]) {
      expect(await flow.state(gone)).toBeUndefined();
      expect(await store.footprint(gone)).toMatchObject({ checkpoints: 0, writes: 0, bytes: 0 });
    }
    expect((await flow.state("recent"))?.answers.item_id?.value).toBe("CAP");
    // A deleted conversation starts again from nothing.
    expect((await flow.send("abandoned", { pick: { item_id: "MUG" } })).pending).toMatchObject({ kind: "ask", field: "quantity" });
  });

  it("is off for SQLite and PostgreSQL unless set, one day in memory, and swept after a turn once due", async () => {
    expect((await open(kind)).retentionMs).toBe(kind === "memory" ? DEFAULT_MEMORY_RETENTION_MS : undefined);
    // Long enough that the new conversation's own turn (slow on a loaded machine: its checkpoint is
    // written before the sweep that follows it) never outlives the retention; 40 ms did, beside other files.
    const store = await open(kind, { retention: "1500ms" });
    expect(store.retentionMs).toBe(1500);
    const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel(), store });
    await flow.send("old", { pick: { item_id: "MUG" } });
    await sleep(2000);
    await flow.send("new", { pick: { item_id: "CAP" } });
    expect(await flow.state("old")).toBeUndefined();
    expect((await flow.state("new"))?.answers.item_id?.value).toBe("CAP");
  });
});

if (!PG_URL) describe("retention on postgres", () => it.skip(PG_SKIP_REASON, () => undefined));

describe("deleteIdle under the conversation lock", () => {
  it("looks again under the lock and keeps a conversation that came back to life", async () => {
    const old = "1f1ed745-f8e5-6a30-ffff-1c1784705cc7"; // a UUIDv6 of 2026-11
    const fresh = new Map([["t", old]]);
    let reads = 0;
    const deleted: string[] = [];
    const lockedFor: string[] = [];
    const sweep = await deleteIdleThreads({
      lock: { run: (threadId, fn) => (lockedFor.push(threadId), fn()) },
      // The first read sees the old checkpoint; the look under the lock sees a turn written since.
      latest: async () => (reads++ === 0 ? fresh : new Map([["t", "ffffffff-ffff-6fff-8000-000000000000"]])),
      deleteThread: async (t) => void deleted.push(t),
    }, 1000, checkpointTime(old)! + 10_000);
    expect(lockedFor).toEqual(["t"]);
    expect(deleted).toEqual([]);
    expect(sweep).toEqual({ deleted: [], kept: 1 });
  });
});

describe("a bare saver handed to createFlow", () => {
  it("MemorySaver: pruned to the latest checkpoints and swept like the in-memory store", async () => {
    const saver = new MemorySaver();
    const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel(), store: saver, keepCheckpoints: 2 });
    for (const item of ["MUG", "CAP", "MUG"]) await flow.send("t", { pick: { item_id: item } });
    expect(Object.keys(saver.storage.t![""]!)).toHaveLength(2);
    expect(openMemory({ saver }).retentionMs).toBe(DEFAULT_MEMORY_RETENTION_MS);
  });

  it("a SQLite saver: pruned in its own tables", async () => {
    const db = new Database(join(dir, "bare.sqlite"));
    try {
      const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel(), store: new SqliteSaver(db), keepCheckpoints: 2 });
      for (const item of ["MUG", "CAP", "MUG"]) await flow.send("t", { pick: { item_id: item } });
      expect(db.prepare("SELECT count(*) AS n FROM checkpoints WHERE thread_id = 't'").get()).toEqual({ n: 2 });
      expect((await flow.state("t"))?.answers.item_id?.value).toBe("MUG");
    } finally {
      db.close();
    }
  });

  it("another saver: kept as it is (not pruned), the conversation still runs", async () => {
    class OtherSaver extends MemorySaver {}
    const inner = new OtherSaver();
    // Not a MemorySaver to the wrapper: a proxy whose prototype chain it cannot see.
    const other = new Proxy(inner, { getPrototypeOf: () => Object.prototype });
    const flow = await createFlow({ skill: SHOP, model: new ScriptedChatModel(), store: other as unknown as MemorySaver, keepCheckpoints: 2 });
    for (const item of ["MUG", "CAP", "MUG"]) await flow.send("t", { pick: { item_id: item } });
    expect(Object.keys(inner.storage.t![""]!).length).toBeGreaterThan(2);
    expect((await flow.state("t"))?.answers.item_id?.value).toBe("MUG");
  });
});

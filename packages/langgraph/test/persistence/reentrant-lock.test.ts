/**
 * A store's lock is re-entered by its holder, explicitly (thread-lock.ts `reentrant`): code holding a
 * thread's lock is handed its hold, and runs the flow's turns of that thread inside it with `{ hold }`,
 * with no second lock — what `flow serve` does around each run. Everyone else still waits for the whole
 * hold: another caller (even one the holder's own code calls, without the hold), a call with a hold
 * that ended, of another thread or of another lock. The holder's calls that re-enter at once run one
 * after the other, and the lock outlasts those it did not wait for. Checked on the memory, SQLite and
 * PostgreSQL stores' own locks, and with createFlow on a SQLite file and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createFlow } from "../../src/create-flow.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import type { LockHold } from "../../src/persistence/thread-lock.js";
import { createMemoryLock, reentrant } from "../../src/persistence/thread-lock.js";
import { ScriptedChatModel } from "../../src/scripted-chat-model.js";
import { PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";
import { createTempDatabase } from "../../../../test/fixtures/durable/temp-pg-database.js";

notePgSkipped("the PostgreSQL store's lock re-entered");
const TRIP = fileURLToPath(new URL("../../../../skills/conference-trip", import.meta.url));
const NOW = "2027-03-01T09:00:00Z";
const dir = mkdtempSync(join(tmpdir(), "reentrant-lock-"));
const opened: Persistence[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => Promise<Persistence>]> = [
  ["memory", () => openCheckpointer("memory")],
  ["SQLite", () => openCheckpointer(join(dir, `lock-${Math.random().toString(36).slice(2)}.sqlite`))],
  ...(PG_URL ? [["PostgreSQL", () => openCheckpointer(PG_URL!)] as [string, () => Promise<Persistence>]] : []),
];
const open = async (make: () => Promise<Persistence>) => {
  const store = await make();
  opened.push(store);
  return store;
};
const thread = () => `reentrant-${process.pid}-${Math.random().toString(36).slice(2)}`;

describe.each(stores)("the %s store's lock", (_name, make) => {
  it("runs a call from inside the hold at once, and another caller only after the whole hold", async () => {
    const { lock } = await open(make);
    const t = thread();
    const log: string[] = [];
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    const holder = lock.run(t, async (hold) => {
      log.push("hold");
      inside();
      await lock.run(t, async (nested) => {
        log.push("nested");
        await sleep(20);
        await lock.run(t, async () => void log.push("deeper"), nested);
      }, hold);
      await sleep(20);
      log.push("release");
    });
    await holding;
    const other = lock.run(t, async () => void log.push("other"));
    await Promise.all([holder, other]);
    expect(log).toEqual(["hold", "nested", "deeper", "release", "other"]);
  });

  it("runs the holder's calls that re-enter at once one after the other, and holds the lock until the last, awaited or not", async () => {
    const { lock } = await open(make);
    const t = thread();
    const log: string[] = [];
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const step = (id: string, ms: number, hold: LockHold | undefined) => lock.run(t, async () => {
      log.push(`begin ${id}`);
      await sleep(ms);
      log.push(`end ${id}`);
    }, hold);
    const holder = lock.run(t, async (hold) => {
      started();
      await Promise.all([step("a", 20, hold), step("b", 5, hold)]);
      void step("left running", 60, hold);
    });
    await holding;
    const other = lock.run(t, async () => void log.push("other"));
    await Promise.all([holder, other]);
    expect(log).toEqual(["begin a", "end a", "begin b", "end b", "begin left running", "end left running", "other"]);
  });

  it("makes a hold that ended, or a call without the hold from the holder's own code, wait like anyone else", async () => {
    const { lock } = await open(make);
    const t = thread();
    const log: string[] = [];
    let later!: Promise<void>;
    let unheld!: Promise<void>;
    await lock.run(t, async (hold) => {
      // Code the holder calls that asks for the lock without the hold waits for the hold to end.
      unheld = lock.run(t, async () => void log.push("without the hold"));
      await sleep(20);
      log.push("holder done");
      later = (async () => {
        await sleep(30);
        await lock.run(t, async () => void log.push("later"), hold);
      })();
    });
    await unheld;
    // Someone else takes the lock before the leftover work asks for it: the leftover waits for them.
    await lock.run(t, async () => {
      await sleep(60);
      log.push("someone else");
    });
    await later;
    expect(log).toEqual(["holder done", "without the hold", "someone else", "later"]);
  });

  it("takes another thread's lock as usual from inside a hold: it waits for that thread's holder", async () => {
    const { lock } = await open(make);
    const [t, u] = [thread(), thread()];
    const log: string[] = [];
    let held!: () => void;
    const uHeld = new Promise<void>((resolve) => (held = resolve));
    const uHolder = lock.run(u, async () => {
      held();
      await sleep(40);
      log.push("u released");
    });
    await uHeld;
    await lock.run(t, async (hold) => {
      await lock.run(u, async () => void log.push("t's holder in u"), hold);
    });
    await uHolder;
    expect(log).toEqual(["u released", "t's holder in u"]);
  });
});

describe("re-entering", () => {
  it("is per lock: another lock's run from inside a hold waits for that lock's holder", async () => {
    const a = reentrant(createMemoryLock());
    const b = reentrant(createMemoryLock());
    const log: string[] = [];
    let held!: () => void;
    const bHeld = new Promise<void>((resolve) => (held = resolve));
    const bHolder = b.run("t", async () => {
      held();
      await sleep(30);
      log.push("b released");
    });
    await bHeld;
    await a.run("t", (hold) => b.run("t", async () => void log.push("a's holder in b"), hold));
    await bHolder;
    expect(log).toEqual(["b released", "a's holder in b"]);
  });
});

describe.each(stores.filter(([name]) => name !== "memory"))("createFlow on %s, inside the store's lock", (_name, make) => {
  it("runs the holder's turns without a second lock; another sender waits for the whole hold", async () => {
    const store = await open(make);
    const model = new ScriptedChatModel();
    const flow = await createFlow({ skill: TRIP, model, now: NOW, store });
    const t = thread();
    model.script({ conference: "Lisbon AI Summit", nights: 3 });
    const log: string[] = [];
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    const holder = store.lock.run(t, async (hold) => {
      inside();
      const asked = await flow.send(t, { text: "Lisbon AI Summit, 3 nights" }, { hold });
      log.push(`holder: ${asked.pending?.kind}`);
      await flow.send(t, { pick: { flight_id: "TP1350" } }, { hold });
      log.push("holder: flight");
    });
    await holding;
    const other = flow.send(t, { pick: { hotel_id: "H-BAIXA" } }).then((turn) => void log.push(`other: ${turn.cards.length} card`));
    await Promise.all([holder, other]);
    expect(log).toEqual(["holder: ask", "holder: flight", "other: 1 card"]);
    expect((await flow.state(t))?.answers.hotel_id?.value).toBe("H-BAIXA");
  });
});

describe.skipIf(!PG_URL)("createFlow inside the lock on PostgreSQL with one lock connection", () => {
  it("lets the retention sweep a turn starts wait for the connection the holder has, without holding up the holder", async () => {
    // A database of its own: the sweep deletes every idle conversation of the database it is in.
    const db = await createTempDatabase(PG_URL!, "reentrant");
    try {
      // 3 connections: two for statements, one for locks — held by the holder for its whole run.
      const store = await openCheckpointer(db.url, { maxConnections: 3, retention: "1s" });
      const model = new ScriptedChatModel();
      const flow = await createFlow({ skill: TRIP, model, now: NOW, store });
      const [idle, t] = [thread(), thread()];
      await flow.send(idle, { preset: {} });
      await sleep(1500);
      model.script({ conference: "Lisbon AI Summit", nights: 3 });
      const started = performance.now();
      const turn = await store.lock.run(t, (hold) => flow.send(t, { text: "Lisbon AI Summit, 3 nights" }, { hold }));
      expect(turn.pending?.kind).toBe("ask");
      // The sweep this turn started locks the idle conversation: with the holder's connection the only
      // one, it would wait for it up to two minutes, and the holder with it.
      expect(performance.now() - started).toBeLessThan(10_000);
      // It went on after the hold and deleted the idle conversation.
      await expect.poll(() => flow.state(idle), { timeout: 10_000 }).toBeUndefined();
      expect((await flow.state(t))?.answers.nights?.value).toBe(3);
      await store.close();
    } finally {
      await db.drop();
    }
  }, 30_000);
});

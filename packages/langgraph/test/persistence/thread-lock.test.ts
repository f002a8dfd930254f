/**
 * Per-conversation locks: one holder per thread at a time — within a process (memory) and across real
 * processes (SQLite lease rows, PostgreSQL advisory locks) — and a dead holder does not block a thread.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createMemoryLock } from "../../src/persistence/thread-lock.js";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import { runChild, startChild } from "../../../../test/fixtures/durable/spawn-child.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("cross-process locks");
let dir = "";
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Every `begin` is followed by the `end` of the same holder before anyone else begins. */
function assertNoInterleaving(lines: string[]): void {
  for (let i = 0; i < lines.length; i += 2) {
    const [kind, pid, n] = lines[i]!.split(" ");
    expect(kind).toBe("begin");
    expect(lines[i + 1]).toBe(`end ${pid} ${n}`);
  }
}

describe("memory lock", () => {
  it("runs the turns of one thread one at a time, in arrival order", async () => {
    const lock = createMemoryLock();
    const log: string[] = [];
    const turn = (id: string) => lock.run("t", async () => {
      log.push(`begin ${id}`);
      await sleep(3);
      log.push(`end ${id}`);
    });
    await Promise.all([turn("a"), turn("b"), turn("c")]);
    expect(log).toEqual(["begin a", "end a", "begin b", "end b", "begin c", "end c"]);
  });

  it("lets different threads run at once, and a failed turn releases the lock", async () => {
    const lock = createMemoryLock();
    const log: string[] = [];
    const hold = (thread: string) => lock.run(thread, async () => {
      log.push(`begin ${thread}`);
      await sleep(5);
      log.push(`end ${thread}`);
    });
    await Promise.all([hold("x"), hold("y")]);
    expect(log.slice(0, 2)).toEqual(["begin x", "begin y"]);
    await expect(lock.run("x", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await lock.run("x", async () => "after")).toBe("after");
  });
});

const stores = [["sqlite", () => `sqlite:${join(dir, "flow.sqlite")}`], ...(PG_URL ? [["postgres", () => PG_URL]] : [])] as const;

describe.each(stores)("%s lock across processes", (_kind, url) => {
  it("three processes taking one thread's lock never overlap", async () => {
    dir = mkdtempSync(join(tmpdir(), "lock-"));
    const log = join(dir, "log");
    writeFileSync(log, "");
    const thread = `lock-${Date.now()}`;
    const outcomes = await Promise.all([1, 2, 3].map(() => runChild("lock-worker.ts", [url(), thread, "25", log])));
    for (const o of outcomes) expect(o.stdout, o.stderr).toContain("finished");
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines).toHaveLength(150);
    expect(new Set(lines.map((l) => l.split(" ")[1])).size).toBe(3);
    assertNoInterleaving(lines);
  });

  it("a holder killed with SIGKILL does not block the thread", async () => {
    dir = mkdtempSync(join(tmpdir(), "lock-"));
    const log = join(dir, "log");
    writeFileSync(log, "");
    const thread = `dead-${Date.now()}`;
    const holder = startChild("lock-worker.ts", [url(), thread, "1", log, "die-holding"]);
    await holder.waitFor(/holding/);
    holder.process.kill("SIGKILL");
    await holder.done;
    const started = Date.now();
    const next = await runChild("lock-worker.ts", [url(), thread, "1", log]);
    expect(next.stdout, next.stderr).toContain("finished");
    expect(Date.now() - started).toBeLessThan(10_000); // far less than the 30 s lease
  });
});

describe.skipIf(!PG_URL)("postgres lock connections", () => {
  // A turn holds a lock connection (20 per store) for its whole length. The 21st turn at once waited
  // for one only as long as the connect timeout, then failed (bench:store at 200 conversations:
  // "timeout exceeded when trying to connect").
  it("a turn that finds every lock connection in use waits for one, past the connect timeout", async () => {
    const store = await openCheckpointer(PG_URL, { connectTimeoutMs: 300 });
    try {
      const turns = Array.from({ length: 24 }, (_, i) => store.lock.run(`lock-wait-${Date.now()}-${i}`, () => sleep(600).then(() => i)));
      expect(await Promise.all(turns)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    } finally {
      await store.close();
    }
  });
});

if (!PG_URL) {
  describe("postgres lock across processes", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

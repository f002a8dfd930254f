// A thread's owner is read once per store (claimThread writes it once and nothing changes it), and a
// row deleted by hand is claimed anew by the next caller rather than answered from what was kept.
import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openServeStore } from "../src/store/open-serve-store.js";
import { recordQueries } from "./helpers/record-queries.js";

describe("claimThread", () => {
  it("reads a thread's owner once, and claims a thread again once its row is gone", async () => {
    const store = await openServeStore(":memory:");
    const reads = recordQueries(store, (sql) => sql.startsWith("SELECT owner"));
    const now = "2027-03-01T09:00:00Z";
    expect(await store.claimThread("t1", "ana", now)).toBe("ana");
    const claimedWith = reads.length;
    expect(await store.claimThread("t1", "ben", now)).toBe("ana");
    expect(await store.claimThread("t1", "ana", now)).toBe("ana");
    expect(reads).toHaveLength(claimedWith);
    // The row deleted by hand: the read finds none, and the next caller claims the thread.
    await store.db.run(`DELETE FROM skillflow_serve_threads WHERE thread_id = $1`, ["t1"]);
    expect(await store.readThread("t1")).toBeUndefined();
    expect(await store.claimThread("t1", "ben", now)).toBe("ben");
    expect(reads.length).toBeGreaterThan(claimedWith);
    await store.close();
  });

  it("follows the row another process made anew after a deletion: what one process kept is not the answer", async () => {
    const dir = mkdtempSync(join(tmpdir(), "owner-cache-"));
    const file = join(dir, "serve.sqlite");
    const a = await openServeStore(file);
    const b = await openServeStore(file);
    try {
      const now = "2027-03-01T09:00:00Z";
      expect(await a.claimThread("t1", "ana", now)).toBe("ana");
      await b.db.run(`DELETE FROM skillflow_serve_threads WHERE thread_id = $1`, ["t1"]);
      expect(await b.claimThread("t1", "ben", now)).toBe("ben");
      // Process a still keeps "ana" until it reads the row: the run reads it under the lock and checks
      // the owner (run-agui.ts), and from then on a answers "ben" too.
      expect((await a.readThread("t1"))?.owner).toBe("ben");
      expect(await a.claimThread("t1", "ana", now)).toBe("ben");
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

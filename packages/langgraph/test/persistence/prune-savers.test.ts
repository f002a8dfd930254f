/**
 * Pruning against the real savers: after pruning, a thread keeps only its latest checkpoints and
 * still resumes with the full state (in memory, on a SQLite file, on PostgreSQL when PG_URL is set).
 */
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openCheckpointer } from "../../src/persistence/open-checkpointer.js";
import type { Persistence } from "../../src/persistence/persistence.js";
import { compileTinyGraph, tinyTurn } from "./tiny-graph.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "../../../../test/fixtures/durable/pg-url.js";

notePgSkipped("pruning");
const dirs: string[] = [];
const opened: Persistence[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(kind: string): Promise<Persistence> {
  let url: string | undefined;
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "prune-"));
    dirs.push(dir);
    url = `sqlite:${join(dir, "flow.sqlite")}`;
  } else if (kind === "postgres") url = PG_URL;
  const store = await openCheckpointer(url);
  opened.push(store);
  return store;
}

const kinds = ["memory", "sqlite", ...(PG_URL ? ["postgres"] : [])];

describe.each(kinds)("pruning on %s", (kind) => {
  it("keeps the latest checkpoints only, and the thread resumes with its whole state", async () => {
    const store = await open(kind);
    const thread = `prune-${kind}-${Date.now()}`;
    const graph = compileTinyGraph(store.saver);
    await tinyTurn(graph, thread, "a");
    await tinyTurn(graph, thread, "b");
    const before = await store.footprint(thread);
    expect(before.checkpoints).toBe(8); // input + 2 nodes = 4 checkpoints per turn (first turn includes the empty one)
    const pruned = await store.prune(thread, 2);
    expect(pruned.checkpointsDeleted).toBe(6);
    const after = await store.footprint(thread);
    expect(after.checkpoints).toBe(2);
    expect(after.writes).toBeLessThan(before.writes);
    if (kind === "postgres") expect(pruned.blobsDeleted).toBeGreaterThan(0);
    expect(after.bytes).toBeLessThan(before.bytes);
    const result = await tinyTurn(graph, thread, "c");
    expect(result).toMatchObject({ turns: 3, last: "c#3" });
    expect((await graph.getState({ configurable: { thread_id: thread } })).values).toMatchObject({ turns: 3 });
  });

  it("leaves other threads alone", async () => {
    const store = await open(kind);
    const graph = compileTinyGraph(store.saver);
    const [a, b] = [`a-${kind}-${Date.now()}`, `b-${kind}-${Date.now()}`];
    await tinyTurn(graph, a, "x");
    await tinyTurn(graph, b, "y");
    const untouched = await store.footprint(b);
    await store.prune(a, 1);
    expect(await store.footprint(b)).toEqual(untouched);
    expect((await store.footprint(a)).checkpoints).toBe(1);
  });
});

if (!PG_URL) {
  describe("pruning on postgres", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

/**
 * Bounded growth: a 1,000-turn conversation keeps a flat footprint and a flat per-turn time, because
 * every turn prunes the thread to its latest checkpoints (SQLite; PostgreSQL when PG_URL is set).
 * The first 100 turns are compared with the last 100. The person changes an answer on every turn,
 * cycling through ten values, so each turn re-runs a lookup and says a text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFlow } from "../packages/langgraph/src/create-flow.js";
import { openCheckpointer } from "../packages/langgraph/src/persistence/open-checkpointer.js";
import type { Persistence, ThreadFootprint } from "../packages/langgraph/src/persistence/persistence.js";
import { KEEP_PER_TOOL } from "../packages/core/src/runtime/compact-state.js";
import { jsonModel } from "./fixtures/durable/json-model.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "./fixtures/durable/pg-url.js";

notePgSkipped("1,000-turn growth");
const SKILL = "test/fixtures/durable/long-chat";
const TURNS = 1000;
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "durable-growth-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Sample { turn: number; footprint: ThreadFootprint; fileBytes?: number }

/** SQLite file size with the WAL folded in (a second connection checkpoints and truncates it). */
function sqliteFileBytes(file: string): number {
  const Database = createRequire(import.meta.url)("better-sqlite3") as new (f: string) => { pragma(s: string): unknown; close(): void };
  const db = new Database(file);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return statSync(file).size;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function converse(store: Persistence, file?: string) {
  const flow = await createFlow({ skill: SKILL, model: jsonModel, store });
  const thread = `growth-${store.kind}-${Date.now()}`;
  const times: number[] = [];
  const samples: Sample[] = [];
  for (let turn = 1; turn <= TURNS; turn++) {
    const started = performance.now();
    const result = await flow.send(thread, { text: JSON.stringify({ topic: `topic ${turn % 10}` }) });
    times.push(performance.now() - started);
    if (turn === 1) expect(result.reply).toContain("How many nights?");
    if (turn === 100 || turn === TURNS) {
      samples.push({ turn, footprint: await store.footprint(thread), ...(file ? { fileBytes: sqliteFileBytes(file) } : {}) });
    }
  }
  const state = await flow.state(thread);
  return { times, samples, state };
}

function expectFlat(run: Awaited<ReturnType<typeof converse>>, label: string): void {
  const [at100, atEnd] = run.samples as [Sample, Sample];
  const first = median(run.times.slice(0, 100));
  const last = median(run.times.slice(-100));
  console.log(`${label}: turn 100 ${JSON.stringify(at100)} ${first.toFixed(2)} ms/turn (median); turn ${TURNS} ${JSON.stringify(atEnd)} ${last.toFixed(2)} ms/turn`);
  expect(atEnd.footprint.checkpoints).toBe(at100.footprint.checkpoints);
  expect(atEnd.footprint.checkpoints).toBeLessThanOrEqual(3);
  expect(atEnd.footprint.writes).toBe(at100.footprint.writes);
  if (at100.footprint.blobs !== undefined) expect(atEnd.footprint.blobs).toBe(at100.footprint.blobs);
  expect(atEnd.footprint.bytes).toBeLessThan(at100.footprint.bytes * 1.1);
  if (at100.fileBytes !== undefined) expect(atEnd.fileBytes!).toBeLessThanOrEqual(at100.fileBytes * 1.25 + 64 * 1024);
  // Generous: the machine may be busy, but unbounded growth would be ~10× by turn 1,000.
  expect(last).toBeLessThan(first * 2 + 2);
  expect(run.state!.turn).toBe(TURNS);
}

/**
 * The runtime's own state stays bounded when every turn brings a value never seen before: `said` keeps
 * the last text of each say step (not every text ever said), and the lookup cache keeps what the current
 * path read plus the last few entries per tool (not every input ever looked up). Before this was fixed
 * the state grew ~190 bytes a turn here (~20 KB at turn 100, ~190 KB at turn 1,000).
 */
it("FlowState stays bounded when every turn brings a new free-text value", async () => {
  const store = await openCheckpointer();
  const flow = await createFlow({ skill: SKILL, model: jsonModel, store });
  const thread = "free-text";
  const sizes: Array<{ turn: number; flowState: number; graphState: number }> = [];
  for (let turn = 1; turn <= TURNS; turn++) {
    await flow.send(thread, { text: JSON.stringify({ topic: `topic number ${turn}` }) });
    if (turn === 100 || turn === TURNS) {
      const graph = await flow.graph.getState({ configurable: { thread_id: thread } });
      sizes.push({ turn, flowState: JSON.stringify(await flow.state(thread)).length, graphState: JSON.stringify(graph.values).length });
    }
  }
  console.log(`free text, serialized JSON sizes (characters): ${JSON.stringify(sizes)}`);
  const [at100, atEnd] = sizes as [(typeof sizes)[0], (typeof sizes)[0]];
  expect(atEnd.flowState).toBeLessThan(at100.flowState * 1.1);
  expect(atEnd.graphState).toBeLessThan(at100.graphState * 1.1);
  expect(atEnd.flowState).toBeLessThan(4096);
  const state = (await flow.state(thread))!;
  expect(state.turn).toBe(TURNS);
  expect(Object.keys(state.said)).toEqual(["3"]);
  expect(Object.keys(state.lookups).length).toBe(KEEP_PER_TOOL);
  await store.close();
}, 120_000);

describe("a 1,000-turn conversation stays flat", () => {
  it("on SQLite (file size, rows and per-turn time)", async () => {
    const file = join(dir, "growth.sqlite");
    const store = await openCheckpointer(`sqlite:${file}`);
    try {
      expectFlat(await converse(store, file), "SQLite");
    } finally {
      await store.close();
    }
  }, 240_000);

  it.skipIf(!PG_URL)(`on PostgreSQL (rows, bytes and per-turn time)${PG_URL ? "" : ` — ${PG_SKIP_REASON}`}`, async () => {
    const store = await openCheckpointer(PG_URL);
    try {
      expectFlat(await converse(store), "PostgreSQL");
    } finally {
      await store.close();
    }
  }, 240_000);
});

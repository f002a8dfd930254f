/**
 * Two real processes serving one conversation on one PostgreSQL at the same moment: their turns never
 * interleave (the per-conversation advisory lock around `send`), no turn is lost, and no write runs
 * twice even though both press the confirmation. Needs PG_URL (CI sets it through .ci/run).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runChild, startChild } from "./fixtures/durable/spawn-child.js";
import { linesOf, readEffects, summarize, type EffectLine, type WorkerState } from "./fixtures/durable/read-output.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "./fixtures/durable/pg-url.js";

notePgSkipped("two processes on one conversation");
const QTYS_PER_PROCESS = 15;
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "durable-concurrency-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Events of one process: the fruit, a run of quantities only it sends, then the confirmation. */
function eventsFor(first: number): string[] {
  const qtys = Array.from({ length: QTYS_PER_PROCESS }, (_, i) => ({ text: JSON.stringify({ qty: first + i }) }));
  return [{ text: '{"item":"plums"}' }, ...qtys, { press: "place" }].map((e) => JSON.stringify(e));
}

/** Each lookup (one per turn here) ends before the next begins; returns how often the process changed. */
function expectSerialLookups(lines: EffectLine[]): number {
  const lookups = lines.filter((l) => l.kind === "lookup-begin" || l.kind === "lookup-end");
  let switches = 0;
  for (let i = 0; i < lookups.length; i += 2) {
    const [begin, end] = [lookups[i]!, lookups[i + 1]];
    expect(begin.kind).toBe("lookup-begin");
    expect(end).toMatchObject({ kind: "lookup-end", key: begin.key, pid: begin.pid });
    if (i > 0 && begin.pid !== lookups[i - 2]!.pid) switches += 1;
  }
  return switches;
}

describe.skipIf(!PG_URL)("two processes, one conversation, one PostgreSQL", () => {
  it("never interleave a turn, lose a turn, or run a write twice", async () => {
    const thread = `concurrent-${Date.now()}`;
    const log = join(dir, "effects.log");
    const go = join(dir, "go");
    const env = { DURABLE_EFFECTS_LOG: log, DURABLE_LOOKUP_MS: "25", DURABLE_GO_FILE: go };
    const workers = [startChild("chat-worker.ts", [PG_URL!, thread, ...eventsFor(10)], env), startChild("chat-worker.ts", [PG_URL!, thread, ...eventsFor(50)], env)];
    await Promise.all(workers.map((w) => w.waitFor(/^ready/, 60_000)));
    writeFileSync(go, "");
    const outcomes = await Promise.all(workers.map((w) => w.done));
    for (const o of outcomes) expect(o.stdout, o.stderr).toContain("finished");

    const lines = readEffects(log);
    const switches = expectSerialLookups(lines);
    expect(switches, "the two processes took turns (they really ran at once)").toBeGreaterThanOrEqual(2);
    const tools = summarize(lines);
    for (const t of ["reserve_stock", "charge_card", "send_receipt"]) {
      expect(tools[t]?.callKeys, t).toHaveLength(1);
      expect(tools[t]?.effects, t).toBe(1);
    }
    const reader = await runChild("chat-worker.ts", [PG_URL!, thread]);
    const [state] = linesOf<WorkerState & { turn?: number }>(reader.stdout, "state");
    expect(Object.values(state!.ledger).map((e) => e.status)).toEqual(["done", "done", "done"]);
    // Every one of the 2 × 17 events became a turn: none was lost to a race on the same checkpoint.
    expect(state!.answers.item?.value).toBe("plums");
    expect(Object.keys(state!.answers).length).toBe(2);
    expect(linesOf<{ turn: number }>(reader.stdout, "turns")[0]?.turn).toBe(2 * (QTYS_PER_PROCESS + 2));
  }, 120_000);
});

if (!PG_URL) {
  describe("two processes, one conversation, one PostgreSQL", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

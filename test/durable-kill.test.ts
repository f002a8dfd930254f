/**
 * Kill-and-restart: a conversation runs in a child process that dies by SIGKILL inside a write; a new
 * process on the same database and thread finishes it. The tool must see at most one effect per
 * idempotency key, the retry must carry the same key, a write completed before the crash must not run
 * again, and nothing confirmed may be lost — on SQLite, and on PostgreSQL when PG_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runChild, startChild, type ChildOutcome } from "./fixtures/durable/spawn-child.js";
import { linesOf, readEffects, summarize, type WorkerState } from "./fixtures/durable/read-output.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "./fixtures/durable/pg-url.js";

notePgSkipped("kill-and-restart");
const EVENTS = [{ text: '{"item":"apples"}' }, { text: '{"qty":3}' }, { press: "place" }].map((e) => JSON.stringify(e));
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "durable-kill-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Crash = "hang" | "kill-before-effect" | "kill-after-effect";

/** First process: answer, confirm, and die inside charge_card (killed from outside when it hangs). */
async function runUntilKilled(url: string, thread: string, log: string, crash: Crash): Promise<ChildOutcome> {
  const env = { DURABLE_EFFECTS_LOG: log, DURABLE_CRASH: `${crash}:charge_card` };
  const child = startChild("chat-worker.ts", [url, thread, ...EVENTS], env);
  if (crash === "hang") {
    await child.waitFor(/^in-write charge_card/);
    child.process.kill("SIGKILL");
  }
  return child.done;
}

function expectSurvivedCrash(log: string, restarted: ChildOutcome, firstPid: number | undefined): void {
  expect(restarted.stdout, restarted.stderr).toContain("finished");
  const tools = summarize(readEffects(log));
  // A write completed before the crash is not run again; the others each reach exactly one effect.
  expect(tools.reserve_stock?.callKeys).toHaveLength(1);
  expect(tools.send_receipt?.callKeys).toHaveLength(1);
  for (const t of ["reserve_stock", "charge_card", "send_receipt"]) expect(tools[t]?.effects, t).toBe(1);
  // The write the crash interrupted ran twice, in two processes, with one key.
  const charge = tools.charge_card!;
  expect(charge.callKeys).toHaveLength(2);
  expect(charge.callKeys[1]).toBe(charge.callKeys[0]);
  expect(charge.callPids[0]).toBe(firstPid);
  expect(charge.callPids[1]).not.toBe(firstPid);
  // Nothing confirmed was lost: the answers and every write are recorded, with the keys the tool saw.
  const [state] = linesOf<WorkerState>(restarted.stdout, "state");
  expect(state!.answers.item).toMatchObject({ value: "apples", turn: 1 });
  expect(state!.answers.qty).toMatchObject({ value: 3, turn: 2 });
  const ledger = Object.values(state!.ledger);
  expect(ledger.map((e) => [e.tool, e.status])).toEqual([["reserve_stock", "done"], ["charge_card", "done"], ["send_receipt", "done"]]);
  const effects = readEffects(log).filter((l) => l.kind === "effect");
  for (const entry of ledger) expect(effects.find((e) => e.key === entry.idempotencyKey)?.result).toEqual(entry.result);
}

const stores: Array<[string, () => string]> = [["SQLite", () => `sqlite:${join(dir, "flow.sqlite")}`]];
if (PG_URL) stores.push(["PostgreSQL", () => PG_URL]);

describe.each(stores)("SIGKILL inside a write, restart on %s", (kind, url) => {
  const cases: Array<[string, Crash, string[]]> = [
    ["killed from outside while the write hangs, then resumed", "hang", []],
    ["killed after the effect, before the result is recorded, then resumed", "kill-after-effect", []],
    ["killed before the effect, then the person's next message", "kill-before-effect", [JSON.stringify({ text: "{}" })]],
  ];
  it.each(cases)("%s", async (_name, crash, nextEvents) => {
    const thread = `kill-${kind}-${crash}-${Date.now()}`;
    const log = join(dir, `${thread}.log`);
    const first = await runUntilKilled(url(), thread, log, crash);
    expect(first.signal).toBe("SIGKILL");
    expect(first.stdout).not.toContain("finished");
    const firstPid = readEffects(log)[0]?.pid;
    expect(summarize(readEffects(log)).send_receipt).toBeUndefined();
    const restarted = await runChild("chat-worker.ts", [url(), thread, ...nextEvents], { DURABLE_EFFECTS_LOG: log });
    expectSurvivedCrash(log, restarted, firstPid);
    const last = [...linesOf<{ reply: string[] } | null>(restarted.stdout, "resumed"), ...linesOf<{ reply: string[] }>(restarted.stdout, "turn")];
    expect(last.some((t) => t?.reply.some((r) => r.startsWith("Ordered. Receipt S-")))).toBe(true);
  });
});

if (!PG_URL) {
  describe("SIGKILL inside a write, restart on PostgreSQL", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

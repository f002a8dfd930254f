/**
 * A kill at every checkpoint boundary of conference_trip's Pay turn (four writes): a child process
 * presses Pay and SIGKILLs itself right after the Nth `put()`/`putWrites()` of that turn (a test-only
 * saver wrapper, kill-saver.ts), for every N the turn has. Then a new flow on the same store and thread
 * either resumes (`flow.resume`), or — on a copy of the same store state — gets the person's next event without a resume — a "no" pressed on
 * the Pay card the crashed turn may have left on screen. Either way, every confirmed write took effect
 * exactly once and the conversation ended booked, as it does without a crash. SQLite, and PostgreSQL
 * when PG_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runChild } from "./fixtures/durable/spawn-child.js";
import { linesOf } from "./fixtures/durable/read-output.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "./fixtures/durable/pg-url.js";
import { openTripFlow } from "./fixtures/durable/trip-conversation.js";
import { copyPgThread } from "./fixtures/durable/copy-pg-thread.js";
import { expectTripFinishedOnce } from "./helpers/trip-crash-checks.js";

notePgSkipped("kill at every checkpoint boundary");
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "durable-kill-points-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Restart = "resume" | "press no";

/** The checkpoint writes of an uncrashed Pay turn, from a reference run. */
async function boundariesOf(url: string): Promise<string[]> {
  const run = await runChild("crash-worker.ts", [url, `reference-${Date.now()}`], { DURABLE_EFFECTS_LOG: join(dir, "reference.log") });
  const [boundaries] = linesOf<string[]>(run.stdout, "boundaries");
  expect(boundaries, run.stderr).toBeDefined();
  return boundaries!;
}

/** Restart on `url`: resume, or press "no" without resuming; then check the conversation. */
async function restart(url: string, thread: string, log: string, how: Restart, label: string): Promise<void> {
  const { flow, store } = await openTripFlow(url, log);
  try {
    const turn = how === "resume" ? await flow.resume(thread) : await flow.send(thread, { press: "pay", yes: false });
    const booked = expectTripFinishedOnce(log, await flow.state(thread), label);
    // The finished turn shows what the crashed one would have shown; a turn that had finished shows nothing new.
    if (turn?.reply.includes(booked) !== true) expect(turn === undefined || how === "press no", `${label}: ${JSON.stringify(turn?.reply)}`).toBe(true);
  } finally {
    await store.close();
  }
}

/** Kill the Pay turn after checkpoint write `n`; restart both ways (SQLite: on a copy of its own file). */
async function killAndRestart(kind: string, url: (n: number) => string, n: number): Promise<void> {
  const thread = `points-${kind}-${n}-${Date.now()}`;
  const log = join(dir, `${thread}.log`);
  const child = await runChild("crash-worker.ts", [url(n), thread], { DURABLE_EFFECTS_LOG: log, DURABLE_KILL_AT: String(n) });
  expect(child.signal, child.stderr).toBe("SIGKILL");
  expect(child.stdout).toContain("pressing");
  if (kind === "SQLite") {
    // The killed process held the only handle on this file: a copy is the same store, crash and all.
    const file = url(n).slice("sqlite:".length);
    for (const suffix of ["", "-wal", ".key"]) if (existsSync(file + suffix)) copyFileSync(file + suffix, `${file}.b${suffix}`);
    if (existsSync(log)) copyFileSync(log, `${log}.b`);
    await restart(`sqlite:${file}.b`, thread, `${log}.b`, "press no", `kill after ${n}, press no`);
  } else {
    // PostgreSQL: the thread's rows copied to another thread id are the same crash, for the other restart.
    await copyPgThread(url(n), thread, `${thread}-b`);
    if (existsSync(log)) copyFileSync(log, `${log}.b`);
    await restart(url(n), `${thread}-b`, `${log}.b`, "press no", `kill after ${n}, press no`);
  }
  await restart(url(n), thread, log, "resume", `kill after ${n}, resume`);
}

const stores: Array<[string, (n: number) => string]> = [["SQLite", (n) => `sqlite:${join(dir, `flow-${n}.sqlite`)}`]];
if (PG_URL) stores.push(["PostgreSQL", () => PG_URL]);

describe.each(stores)("a kill at every checkpoint boundary of the Pay turn on %s", (kind, url) => {
  it("finishes every confirmed write exactly once and ends booked, whether resumed or sent the next event", async () => {
    const boundaries = await boundariesOf(url(0));
    // Each of the four writes is one act node: its task's writes, then the checkpoint holding its `done`
    // and the next write's `started` entry. Every boundary is enumerated, however many the turn has.
    expect(boundaries.filter((b) => b.startsWith("putWrites:") && b.includes("flow,call")).length).toBeGreaterThanOrEqual(4);
    expect(boundaries.length).toBeGreaterThanOrEqual(2 * 4);
    const points = boundaries.map((_, i) => i + 1);
    // Two children at a time: the machine has two cores.
    for (let i = 0; i < points.length; i += 2) await Promise.all(points.slice(i, i + 2).map((n) => killAndRestart(kind, url, n)));
  }, 600_000);
});

if (!PG_URL) {
  describe("a kill at every checkpoint boundary of the Pay turn on PostgreSQL", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

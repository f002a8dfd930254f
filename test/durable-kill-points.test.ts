/**
 * A kill at every checkpoint boundary of conference-trip's Pay turn (four writes): a child process
 * presses Pay and SIGKILLs itself right after the Nth `put()`/`putWrites()` of that turn (a test-only
 * saver wrapper, kill-saver.ts), for every N the turn has. Then a new flow on the same store and thread
 * either resumes (`flow.resume`), or — on a copy of the same store state — gets the person's next event
 * without a resume: a "no" pressed on the Pay card the crashed turn may have left on screen. Either way,
 * once the press reached the store, every confirmed write took effect exactly once and the conversation
 * ended booked, as it does without a crash. The turn's first checkpoint holds the press and the first
 * write's `started` entry (nothing of the turn is stored before it), so every boundary finds the press
 * stored; a kill while that checkpoint is on its way ran nothing, and the "no" is the person's answer.
 * SQLite, and PostgreSQL when PG_URL is set.
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
import { expectNothingBooked, expectTripFinishedOnce } from "./helpers/trip-crash-checks.js";

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

/** Whether the crashed turn's press reached the store: its input checkpoint, or anything after it. */
async function pressStored(url: string, thread: string, log: string): Promise<boolean> {
  const { flow, store } = await openTripFlow(url, log);
  try {
    const stored = await flow.graph.getState({ configurable: { thread_id: thread } });
    return stored.tasks.length > 0 || (stored.values.flow?.turn ?? 0) >= 2;
  } finally {
    await store.close();
  }
}

/**
 * Restart on `url`: resume, or press "no" without resuming; then check the conversation. A press that
 * reached the store is finished whatever comes next; one that did not confirmed nothing (a resume finds
 * nothing to do, and a "no" is the person's answer).
 */
async function restart(url: string, thread: string, log: string, how: Restart, stored: boolean, label: string): Promise<void> {
  const { flow, store } = await openTripFlow(url, log);
  try {
    const turn = how === "resume" ? await flow.resume(thread) : await flow.send(thread, { press: "pay", yes: false });
    if (!stored) {
      if (how === "resume") expect(turn, label).toBeUndefined();
      expectNothingBooked(log, await flow.state(thread), label);
      return;
    }
    const booked = expectTripFinishedOnce(log, await flow.state(thread), label);
    // The finished turn shows what the crashed one would have shown; a turn that had finished shows nothing new.
    if (turn?.reply.includes(booked) !== true) expect(turn === undefined || how === "press no", `${label}: ${JSON.stringify(turn?.reply)}`).toBe(true);
  } finally {
    await store.close();
  }
}

/**
 * Kill the Pay turn after checkpoint write `n` (`inFirstPut`: when its first checkpoint is called, before
 * it is stored); restart both ways (SQLite: on a copy of its own file). Returns whether the press was stored.
 */
async function killAndRestart(kind: string, url: (n: number) => string, n: number, inFirstPut = false): Promise<boolean> {
  const thread = `points-${kind}-${n}-${inFirstPut}-${Date.now()}`;
  const log = join(dir, `${thread}.log`);
  const env = { DURABLE_EFFECTS_LOG: log, DURABLE_KILL_AT: String(n), DURABLE_KILL_IN_FIRST_PUT: inFirstPut ? "1" : "0" };
  const child = await runChild("crash-worker.ts", [url(n), thread], env);
  expect(child.signal, child.stderr).toBe("SIGKILL");
  expect(child.stdout).toContain("pressing");
  const stored = await pressStored(url(n), thread, log);
  const label = (how: Restart) => `kill after ${n} (${child.stderr.trim()}), press ${stored ? "" : "not "}stored, ${how}`;
  expect(stored, label("resume")).toBe(!inFirstPut);
  if (kind === "SQLite") {
    // The killed process held the only handle on this file: a copy is the same store, crash and all.
    const file = url(n).slice("sqlite:".length);
    for (const suffix of ["", "-wal", ".key"]) if (existsSync(file + suffix)) copyFileSync(file + suffix, `${file}.b${suffix}`);
    if (existsSync(log)) copyFileSync(log, `${log}.b`);
    await restart(`sqlite:${file}.b`, thread, `${log}.b`, "press no", stored, label("press no"));
  } else {
    // PostgreSQL: the thread's rows copied to another thread id are the same crash, for the other restart.
    await copyPgThread(url(n), thread, `${thread}-b`);
    if (existsSync(log)) copyFileSync(log, `${log}.b`);
    await restart(url(n), `${thread}-b`, `${log}.b`, "press no", stored, label("press no"));
  }
  await restart(url(n), thread, log, "resume", stored, label("resume"));
  return stored;
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
    const stored: boolean[] = [];
    for (let i = 0; i < points.length; i += 2) stored.push(...(await Promise.all(points.slice(i, i + 2).map((n) => killAndRestart(kind, url, n)))));
    // Whatever the store, the turn's first write is the press's checkpoint.
    expect(stored.every(Boolean)).toBe(true);
  }, 600_000);

  it("runs nothing when the kill lands before the press's checkpoint is stored", async () => {
    expect(await killAndRestart(kind, (n) => url(n + 100), 0, true)).toBe(false);
  }, 60_000);
});

if (!PG_URL) {
  describe("a kill at every checkpoint boundary of the Pay turn on PostgreSQL", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

/**
 * 50 timed kills of conference-trip's Pay turn per store: a child process presses Pay and is SIGKILLed
 * from outside after a random delay (0 to twice a reference turn's length at first, at least 60 ms, then
 * adjusted to where the kills land), wherever it happens to be — inside a tool, between two checkpoints,
 * in the middle of a saver's transaction. A new
 * flow on the same store and thread then resumes (even runs) or gets a "no" pressed on the Pay card
 * without a resume (odd runs). Every time the press reached the store, every confirmed write took effect
 * exactly once and the conversation ended booked; a kill before that leaves nothing confirmed and
 * nothing booked, and the person's next press decides. SQLite, and PostgreSQL when PG_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { runChild, startChild } from "./fixtures/durable/spawn-child.js";
import { linesOf } from "./fixtures/durable/read-output.js";
import { PG_SKIP_REASON, PG_URL, notePgSkipped } from "./fixtures/durable/pg-url.js";
import { openTripFlow } from "./fixtures/durable/trip-conversation.js";
import { expectNothingBooked, expectTripFinishedOnce } from "./helpers/trip-crash-checks.js";

notePgSkipped("50 timed kills");
const KILLS = 50;
let dir = "";
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "durable-timed-kills-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How long an uncrashed Pay turn takes here, in ms. */
async function payTurnMs(url: string): Promise<number> {
  const run = await runChild("crash-worker.ts", [url, `reference-${Date.now()}`], { DURABLE_EFFECTS_LOG: join(dir, "reference.log") });
  const [turn] = linesOf<{ ms: number }>(run.stdout, "turn");
  expect(turn, run.stderr).toBeDefined();
  return turn!.ms;
}

/** Where a kill landed: before the press reached the store, inside the stored turn, or after it finished. */
type Landed = "before the press was stored" | "inside the turn" | "after the turn";

/**
 * One kill `delay` ms after the press, then a restart. A kill can land before the press reached the store
 * (then nothing was confirmed: a resume finds nothing, the person presses Pay again, or presses no and
 * nothing is booked), inside the turn, or after it.
 */
async function killOnce(url: string, i: number, delay: number): Promise<Landed> {
  const thread = `timed-${i}-${Date.now()}`;
  const log = join(dir, `${thread}.log`);
  const child = startChild("crash-worker.ts", [url, thread], { DURABLE_EFFECTS_LOG: log });
  await child.waitFor(/^pressing/, 60_000);
  await sleep(delay);
  child.process.kill("SIGKILL");
  await child.done;
  const { flow, store } = await openTripFlow(url, log);
  try {
    const stored = await flow.graph.getState({ configurable: { thread_id: thread } });
    const pressStored = stored.tasks.length > 0 || (stored.values.flow?.turn ?? 0) >= 2;
    // From the store, not the child's output: a child can die after its turn was stored, before printing it.
    const landed: Landed = !pressStored ? "before the press was stored" : stored.tasks.length > 0 ? "inside the turn" : "after the turn";
    const label = `kill ${i}, ${delay.toFixed(1)} ms after the press, ${landed}`;
    if (i % 2 === 0) {
      const turn = (await flow.resume(thread)) ?? (pressStored ? undefined : await flow.send(thread, { press: "pay" }));
      const booked = expectTripFinishedOnce(log, await flow.state(thread), label);
      if (landed !== "after the turn") expect(turn?.reply, label).toContain(booked);
    } else {
      await flow.send(thread, { press: "pay", yes: false });
      if (pressStored) expectTripFinishedOnce(log, await flow.state(thread), label);
      else expectNothingBooked(log, await flow.state(thread), label);
    }
    return landed;
  } finally {
    await store.close();
  }
}

const stores: Array<[string, () => string]> = [["SQLite", () => `sqlite:${join(dir, "flow.sqlite")}`]];
if (PG_URL) stores.push(["PostgreSQL", () => PG_URL]);

describe.each(stores)("%s: 50 kills at random moments of the Pay turn", (kind, url) => {
  it("finish every confirmed write exactly once and end booked", async () => {
    // The span follows the machine's speed: a turn measured while other work ran can be several times
    // longer than the turns that follow, and delays past the turn's end test nothing. After each pair,
    // a kill that landed after the turn shrinks the span, one before the press grows it.
    let span = Math.max(60, 2 * (await payTurnMs(url())));
    const first = span;
    const landed: Landed[] = [];
    // Two children at a time: the machine has two cores.
    for (let i = 0; i < KILLS; i += 2) {
      const pair = await Promise.all([0, 1].map((j) => killOnce(url(), i + j, Math.random() * span)));
      landed.push(...pair);
      for (const l of pair) span = Math.max(60, l === "after the turn" ? span * 0.8 : l === "before the press was stored" ? span * 1.25 : span);
    }
    const counts = Object.fromEntries(["before the press was stored", "inside the turn", "after the turn"].map((l) => [l, landed.filter((x) => x === l).length]));
    console.log(`${kind}: kills with delays from 0–${first.toFixed(0)} ms to 0–${span.toFixed(0)} ms landed ${JSON.stringify(counts)}`);
    expect(counts["inside the turn"], "enough kills land inside the turn to mean something").toBeGreaterThanOrEqual(KILLS / 5);
  }, 900_000);
});

if (!PG_URL) {
  describe("PostgreSQL: 50 kills at random moments of the Pay turn", () => {
    it.skip(PG_SKIP_REASON, () => undefined);
  });
}

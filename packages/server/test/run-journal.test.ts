/**
 * The pure parts of answering a retried run once (runs/run-journal.ts): what makes two runs the same
 * run, which runs are kept, the events' ids, and which turns of a retried run are its own.
 */
import type { RunAgentInput } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { eventIdOf, ownTurns, recordedRun, runDigest, RUNS_KEPT, withRun, type RunRecord } from "../src/runs/run-journal.js";

const input = (extra: Partial<RunAgentInput>): RunAgentInput => ({ threadId: "t", runId: "r", messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...extra });
const said = (id: string, content: string) => input({ messages: [{ id: "a0", role: "assistant", content: "Hi" }, { id, role: "user", content }] });

describe("a run's digest", () => {
  it("is what the run asks: its resume entries and its last user message", () => {
    expect(runDigest(said("m1", "3 nights"))).toBe(runDigest(said("m1", "3 nights")));
    expect(runDigest(said("m1", "3 nights"))).not.toBe(runDigest(said("m1", "4 nights")));
    expect(runDigest(said("m1", "3 nights"))).not.toBe(runDigest(said("m2", "3 nights")));
    const pick = (value: string) => input({ resume: [{ interruptId: "i1", status: "resolved", payload: { flight_id: value } }] });
    expect(runDigest(pick("TP1350"))).toBe(runDigest(pick("TP1350")));
    expect(runDigest(pick("TP1350"))).not.toBe(runDigest(pick("BA500")));
    expect(runDigest(pick("TP1350"))).not.toBe(runDigest(input({})));
    // Not part of it: the state or the tools a client sends along, or the assistant's lines.
    expect(runDigest(input({ state: { x: 1 } }))).toBe(runDigest(input({})));
  });
});

describe("the runs kept", () => {
  const run = (id: string, digest = "d"): RunRecord => ({ id, input: digest, events: [{ type: "RUN_FINISHED" } as never] });
  it("are the newest few; a retry is found by its runId and digest together", () => {
    let runs: RunRecord[] = [];
    for (const id of ["r1", "r2", "r3"]) runs = withRun(runs, run(id));
    expect(runs.map((r) => r.id)).toEqual(["r2", "r3"]);
    expect(RUNS_KEPT).toBe(2);
    expect(recordedRun(runs, "r3", "d")).toBe(runs.at(-1));
    expect(recordedRun(runs, "r3", "other")).toBeUndefined();
    expect(recordedRun(runs, "r1", "d")).toBeUndefined();
  });
});

describe("event ids", () => {
  it("are the same on every attempt of a run, and differ by run, body and place", () => {
    expect(eventIdOf("r1", "d", 0)).toBe(eventIdOf("r1", "d", 0));
    const ids = new Set([eventIdOf("r1", "d", 0), eventIdOf("r1", "d", 1), eventIdOf("r2", "d", 0), eventIdOf("r1", "e", 0)]);
    expect(ids.size).toBe(4);
    expect(eventIdOf("r1", "d", 0)).toHaveLength(16);
  });
});

describe("a retried run's own turns", () => {
  it("leave out a repeated turn followed by another repeated one (its own turn died with the process)", () => {
    const t = (name: string, repeated = false) => ({ name, repeated });
    expect(ownTurns([t("a"), t("b")]).map((x) => x.name)).toEqual(["a", "b"]);
    expect(ownTurns([t("a", true), t("b")]).map((x) => x.name)).toEqual(["a", "b"]);
    expect(ownTurns([t("a", true), t("b", true)]).map((x) => x.name)).toEqual(["b"]);
  });
});

/**
 * For each of the 74 train tasks of τ²-bench retail, the task's ground-truth actions replayed through the
 * store's TypeScript tools on a fresh db.json give, to the value, the database the benchmark's own Python
 * tools give for the same actions (digests written by test/fixtures/retail/make-expected.py), and the
 * same actions are refused with the same words.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readRetailDb, retailDataDir } from "../../skills/retail/store/db-file.js";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { replayActions, type Action } from "../../skills/retail/store/replay.js";
import { differingRecords, readExpected } from "./expected.js";

interface Task {
  id: string;
  evaluation_criteria: { actions: Action[] | null };
}

const tasks = JSON.parse(readFileSync(join(retailDataDir(), "tasks-train.json"), "utf8")) as Task[];
const expected = readExpected("expected-train.json");

test("the fresh database is the one the benchmark's tools started from, written the same way", () => {
  expect(digestOf(readRetailDb())).toBe(expected.source.initial);
  expect(tasks.map((t) => t.id)).toEqual(expected.tasks.map((t) => t.id));
});

describe("train tasks: ground-truth actions through the store give the benchmark's database", () => {
  test.each(expected.tasks.map((e) => [e.id, e] as const))("task %s", (id, want) => {
    const task = tasks.find((t) => t.id === id)!;
    const db = readRetailDb();
    const refused = replayActions(db, task.evaluation_criteria.actions ?? []);
    expect(refused).toEqual(want.errors);
    if (digestOf(db) !== want.db) expect(differingRecords(db, want.changed)).toEqual([]);
    expect(digestOf(db)).toBe(want.db);
  });
});

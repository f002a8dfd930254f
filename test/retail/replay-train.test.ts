/**
 * For each of the 74 train tasks of τ²-bench retail, the task's ground-truth actions replayed through the
 * store's TypeScript tools on a fresh db.json give, to the value, the database the benchmark's own Python
 * tools give for the same actions (digests written by test/fixtures/retail/make-expected.py); the same
 * actions are refused with the same words and the others answer the same. The hand-written cases of
 * cases.json (what the tasks never do) are held to the same.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readRetailDb, retailDataDir } from "../../skills/retail/store/db-file.js";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { replayActions, type Action } from "../../skills/retail/store/replay.js";
import { answersOf, differingRecords, readExpected, refusalsOf, type ExpectedDb } from "./expected.js";

interface Task {
  id: string;
  evaluation_criteria: { actions: Action[] | null };
}

const tasks = JSON.parse(readFileSync(join(retailDataDir(), "tasks-train.json"), "utf8")) as Task[];
const cases = JSON.parse(readFileSync(new URL("../fixtures/retail/cases.json", import.meta.url), "utf8")) as {
  cases: Array<{ id: string; actions: Action[] }>;
};
const train = readExpected("expected-train.json");
const handWritten = readExpected("expected-cases.json");

function replayAndCompare(actions: Action[], want: ExpectedDb): void {
  const db = readRetailDb();
  const outcomes = replayActions(db, actions);
  expect(refusalsOf(outcomes)).toEqual(want.errors);
  expect(answersOf(outcomes)).toEqual(want.results);
  if (digestOf(db) !== want.db) expect(differingRecords(db, want.changed)).toEqual([]);
  expect(digestOf(db)).toBe(want.db);
}

test("the fresh database is the one the benchmark's tools started from, written the same way", () => {
  expect(digestOf(readRetailDb())).toBe(train.source.initial);
  expect(tasks.map((t) => t.id)).toEqual(train.tasks.map((t) => t.id));
  expect(cases.cases.map((c) => c.id)).toEqual(handWritten.tasks.map((t) => t.id));
});

describe("train tasks: ground-truth actions through the store give the benchmark's database", () => {
  test.each(train.tasks.map((e) => [e.id, e] as const))("task %s", (id, want) => {
    replayAndCompare(tasks.find((t) => t.id === id)!.evaluation_criteria.actions ?? [], want);
  });
});

describe("hand-written cases give the benchmark's database, refusals and answers", () => {
  test.each(handWritten.tasks.map((e) => [e.id, e] as const))("%s", (id, want) => {
    replayAndCompare(cases.cases.find((c) => c.id === id)!.actions, want);
  });
});

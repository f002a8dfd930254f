/**
 * The versions table on a real SQLite file and on PostgreSQL: numbering per skill, the same text saved
 * again is not a new version, a draft that fails the check is kept but never the one served, the store
 * outlives the process (reopened from the file), and two stores saving at once on PostgreSQL number
 * their versions one after the other.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "@skillflow/core";
import { openStudioStore } from "@skillflow/studio";

const PG_URL = process.env.PG_URL || undefined;
if (!PG_URL) console.warn("Studio versions on PostgreSQL: SKIPPED: PG_URL is unset (.ci/run starts PostgreSQL and sets it)");

const error: Diagnostic = { file: "SKILL.md", line: 20, column: 3, ruleId: "ungated-write", severity: "error", reason: "`create_return` runs with no confirm above it on every path.", fix: "Add a `confirm:` step above line 20." };
const scratch = mkdtempSync(join(tmpdir(), "studio-versions-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("versions on a SQLite file", () => {
  it("numbers saves per skill, keeps drafts, serves the newest that passes, and survives a reopen", async () => {
    const file = join(scratch, "studio.sqlite");
    const store = await openStudioStore(file);
    const v1 = await store.versions.save({ skill: "trip", content: "one", author: "sam", at: "2027-03-01T09:00:00Z", diagnostics: [] });
    const v2 = await store.versions.save({ skill: "trip", content: "two", author: "ann", at: "2027-03-01T09:01:00Z", diagnostics: [error] });
    const again = await store.versions.save({ skill: "trip", content: "two", author: "ann", at: "2027-03-01T09:02:00Z", diagnostics: [error] });
    const other = await store.versions.save({ skill: "refund", content: "r", author: "sam", at: "2027-03-01T09:03:00Z", diagnostics: [], note: "drafted" });
    expect([v1.version.number, v2.version.number, other.version.number]).toEqual([1, 2, 1]);
    expect(again).toEqual({ version: v2.version, saved: false });
    expect(v2.version).toMatchObject({ passes: false, errors: 1, warnings: 0, author: "ann" });
    expect((await store.versions.latestPassing("trip"))?.number).toBe(1);
    expect((await store.versions.latest("trip"))?.content).toBe("two");
    await store.close();

    const reopened = await openStudioStore(file);
    expect((await reopened.versions.list("trip")).map((v) => [v.number, v.author, v.passes])).toEqual([[2, "ann", false], [1, "sam", true]]);
    expect(await reopened.versions.get("trip", 2)).toMatchObject({ content: "two", diagnostics: [error], createdAt: "2027-03-01T09:01:00Z" });
    expect((await reopened.versions.get("refund", 1))?.note).toBe("drafted");
    expect(await reopened.versions.get("trip", 3)).toBeUndefined();
    await reopened.versions.save({ skill: "trip", content: "three", author: "sam", at: "2027-03-01T10:00:00Z", diagnostics: [] });
    expect((await reopened.versions.latestPassing("trip"))?.content).toBe("three");
    await reopened.close();
  });
});

describe.skipIf(!PG_URL)("versions on PostgreSQL", () => {
  it("two stores saving the same skill at once get distinct, consecutive numbers", async () => {
    const skill = `race-${Date.now()}`;
    const [a, b] = await Promise.all([openStudioStore(PG_URL), openStudioStore(PG_URL)]);
    try {
      const saves = Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).versions.save({ skill, content: `text ${i}`, author: i % 2 ? "a" : "b", at: "2027-03-01T09:00:00Z", diagnostics: [] }));
      const numbers = (await Promise.all(saves)).map((s) => s.version.number).sort((x, y) => x - y);
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await a.versions.list(skill)).length).toBe(10);
      expect((await b.versions.latestPassing(skill))?.number).toBe(10);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

// SQLite handles keep their prepared statements: one SQL text is prepared once and reused, and a
// statement shared by two callers gives each its own rows (every use runs to completion at once).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteFile } from "../../src/persistence/sqlite-db.js";

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe("openSqliteFile", () => {
  it("prepares one SQL text once, and a shared statement answers each use with its own parameters", () => {
    const dir = mkdtempSync(join(tmpdir(), "prepared-"));
    dirs.push(dir);
    const db = openSqliteFile(join(dir, "t.sqlite"));
    db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)");
    const insert = "INSERT INTO t (k, v) VALUES (?, ?)";
    expect(db.prepare(insert)).toBe(db.prepare(insert));
    db.transaction(() => { for (let i = 0; i < 5; i += 1) db.prepare(insert).run(`k${i}`, i); })();
    const select = "SELECT v FROM t WHERE k = ?";
    const first = db.prepare(select);
    expect(first.get("k1")).toEqual({ v: 1 });
    expect(db.prepare(select).get("k4")).toEqual({ v: 4 });
    expect(first.all("k2")).toEqual([{ v: 2 }]);
    // Many different texts (a saver's `list` builds its SQL by filter) stay bounded and keep working.
    for (let i = 0; i < 200; i += 1) expect(db.prepare(`SELECT v FROM t WHERE k = ? AND ${i} = ${i}`).get("k3")).toEqual({ v: 3 });
    db.close();
  });
});

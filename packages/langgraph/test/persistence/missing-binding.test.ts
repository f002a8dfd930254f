/**
 * A missing better-sqlite3 binding (its install script never ran, or ran for another Node) is one
 * sentence saying what to do — not the dozen lines `bindings` prints. The failure is real: a copy of
 * better-sqlite3 without its `build/` folder, loaded from a temp folder, throws what a fresh clone
 * installed with scripts skipped throws.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PersistenceError } from "../../src/persistence/persistence-error.js";
import { describeSqliteError } from "../../src/persistence/describe-sqlite-error.js";
import { openSqliteFile, type DatabaseConstructor } from "../../src/persistence/sqlite-db.js";

const here = createRequire(import.meta.url);
let dir = "";
let unbuilt: () => DatabaseConstructor;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "no-binding-"));
  const modules = join(dir, "node_modules");
  const source = dirname(here.resolve("better-sqlite3/package.json"));
  mkdirSync(join(modules, "better-sqlite3"), { recursive: true });
  for (const part of ["package.json", "lib"]) cpSync(join(source, part), join(modules, "better-sqlite3", part), { recursive: true });
  for (const dep of ["bindings", "file-uri-to-path"]) {
    symlinkSync(dirname(createRequire(join(source, "package.json")).resolve(`${dep}/package.json`)), join(modules, dep));
  }
  const there = createRequire(join(dir, "index.js"));
  unbuilt = () => there("better-sqlite3") as DatabaseConstructor;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a SQLite store without better-sqlite3's binding", () => {
  it("fails to open with one sentence that says what to do", () => {
    const error = (() => {
      try {
        openSqliteFile(join(dir, "chat.sqlite"), 1000, unbuilt);
      } catch (e) {
        return e;
      }
    })() as PersistenceError;
    expect(error).toBeInstanceOf(PersistenceError);
    expect(error.code).toBe("no-binding");
    expect(error.message.split("\n")).toHaveLength(1);
    expect(error.message).toMatch(/^Cannot open the SQLite database `.*chat\.sqlite`: better-sqlite3's native binding is not built/);
    expect(error.message).toContain("npm rebuild better-sqlite3");
    expect(error.message).toContain("python3, make and g++");
    expect(error.message).not.toContain("Tried:");
  });

  it("keeps only the first line of any other failure", () => {
    const error = new Error("unable to open database file\n    at Database (lib/database.js:65:21)");
    expect(describeSqliteError("x.sqlite", error)).toBe("Cannot open the SQLite database `x.sqlite`: unable to open database file.");
  });
});

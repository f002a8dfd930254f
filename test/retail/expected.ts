/**
 * The expected databases make-expected.py wrote (test/fixtures/retail/), and a reading of where a
 * database departs from one: the records the benchmark changed that differ here, and the records
 * changed here that the benchmark left as they were.
 */
import { readFileSync } from "node:fs";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { readRetailDb } from "../../skills/retail/store/db-file.js";
import type { RetailDb } from "../../skills/retail/store/model.js";

export interface ExpectedDb {
  id: string;
  /** The digest of the whole database after the actions. */
  db: string;
  /** `table/key` → digest, for every record the actions changed. */
  changed: Record<string, string>;
  /** The actions the benchmark's tools refused: [index, message]. */
  errors: Array<[number, string]>;
}

export interface ExpectedFile {
  source: { benchmark: string; commit: string; initial: string };
  tasks: ExpectedDb[];
}

export function readExpected(name: string): ExpectedFile {
  return JSON.parse(readFileSync(new URL(`../fixtures/retail/${name}`, import.meta.url), "utf8")) as ExpectedFile;
}

const TABLES = ["products", "users", "orders"] as const;

/** The records of `db` that are not as the benchmark left them, as `table/key` with what is wrong. */
export function differingRecords(db: RetailDb, changed: Record<string, string>): string[] {
  const fresh = readRetailDb();
  const wrong: string[] = [];
  for (const table of TABLES) {
    const records = db[table] as Record<string, unknown>;
    for (const [key, record] of Object.entries(records)) {
      const name = `${table}/${key}`;
      const want = changed[name] ?? digestOf((fresh[table] as Record<string, unknown>)[key]);
      if (digestOf(record) !== want) wrong.push(`${name}: ${changed[name] ? "differs from the benchmark's" : "changed, the benchmark left it"}`);
    }
  }
  return wrong;
}

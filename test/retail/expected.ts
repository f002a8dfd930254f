/**
 * The expected databases make-expected.py wrote (test/fixtures/retail/), read into what a replay here
 * is compared with: the refusals, the answers, the whole database, and — when the database differs —
 * which records do: those the benchmark changed that differ here, and those changed here that the
 * benchmark left as they were.
 */
import { readFileSync } from "node:fs";
import { digestOf } from "../../skills/retail/store/canonical.js";
import { readRetailDb } from "../../skills/retail/store/db-file.js";
import type { RetailDb } from "../../skills/retail/store/model.js";
import type { Outcome } from "../../skills/retail/store/replay.js";

/** What the benchmark's tool answered: a text as it is, a record by its digest; null when it refused. */
export type Answer = { text: string } | { digest: string } | null;

export interface ExpectedDb {
  id: string;
  /** The digest of the whole database after the actions. */
  db: string;
  /** `table/key` → digest, for every record the actions changed. */
  changed: Record<string, string>;
  /** The actions the benchmark's tools refused: [index, message]. */
  errors: Array<[number, string]>;
  results: Answer[];
}

export interface ExpectedFile {
  source: { benchmark: string; commit: string; initial: string };
  tasks: ExpectedDb[];
}

export function readExpected(name: string): ExpectedFile {
  return JSON.parse(readFileSync(new URL(`../fixtures/retail/${name}`, import.meta.url), "utf8")) as ExpectedFile;
}

/** The refusals among outcomes, as [index, message] like the fixture's. */
export function refusalsOf(outcomes: Outcome[]): Array<[number, string]> {
  return outcomes.flatMap((o, i): Array<[number, string]> => (o.ok ? [] : [[i, o.error]]));
}

/** The answers among outcomes, in the fixture's form. */
export function answersOf(outcomes: Outcome[]): Answer[] {
  return outcomes.map((o) => {
    if (!o.ok) return null;
    return typeof o.result === "string" ? { text: o.result } : { digest: digestOf(o.result) };
  });
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

/**
 * Where the retail database comes from: τ²-bench's own db.json, vendored unchanged (MIT) in
 * `skills/retail/data/` so a fresh clone needs nothing beside it, or the folder TAU2_RETAIL_DIR names.
 * It is read and validated once per process; every store gets its own deep copy (parsed again from the validated text,
 * twice as fast as structuredClone).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { retailDbSchema, type RetailDb } from "./model.js";

/** The folder holding db.json, policy.md and tasks-train.json. */
export function retailDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.TAU2_RETAIL_DIR;
  if (given) return given;
  return fileURLToPath(new URL("../data/", import.meta.url));
}

const validated = new Map<string, string>();

/** A fresh deep copy of the database in `path` (default: db.json in retailDataDir()). */
export function readRetailDb(path: string = join(retailDataDir(), "db.json")): RetailDb {
  let text = validated.get(path);
  if (text === undefined) {
    text = JSON.stringify(parseRetailDb(path));
    validated.set(path, text);
  }
  return JSON.parse(text) as RetailDb;
}

function parseRetailDb(path: string): RetailDb {
  if (!existsSync(path)) {
    throw new Error(`The retail database is not at ${path}: it ships in skills/retail/data/ (restore it with git), or set TAU2_RETAIL_DIR to a folder holding τ²-bench's retail db.json.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`The retail database at ${path} is not JSON: ${(error as Error).message}.`);
  }
  const result = retailDbSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`The retail database at ${path} does not fit the store's model at ${issue.path.join(".")}: ${issue.message}.`);
  }
  return result.data;
}

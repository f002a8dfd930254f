/**
 * One text per database value, to compare whole databases to the value: object keys sorted (by code
 * point), no spaces, numbers as JavaScript writes them, absent optional fields left out. `digestOf` is
 * its SHA-256. test/fixtures/retail/make-expected.py writes the benchmark's databases the same way, so a
 * digest computed here equals the one computed there exactly when the two databases are equal.
 */
import { createHash } from "node:crypto";
import { comparePoints } from "./py-compat.js";

export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, sortedObject) ?? "null";
  } catch (error) {
    if (error !== KEY_ORDER_LOST) throw error;
    return slowCanonicalJson(value);
  }
}

export function digestOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/** Thrown when an object cannot keep its keys in order (JavaScript puts array-index keys first, by number). */
const KEY_ORDER_LOST = Symbol("key order lost");

/** JSON.stringify's replacer (the fast way, natively): each object again with its keys in order. */
function sortedObject(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return finite(value);
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  const sorted: Record<string, unknown> = {};
  for (const key of keys) sorted[key] = record[key];
  if (Object.keys(sorted).some((key, i) => key !== keys[i])) throw KEY_ORDER_LOST;
  return sorted;
}

/** The same text, written out key by key (for objects whose keys JavaScript would reorder). */
function slowCanonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : slowCanonicalJson(v))).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(finite(value));
  const record = value as Record<string, unknown>;
  const parts = sortedKeys(record).filter((key) => record[key] !== undefined);
  return `{${parts.map((key) => `${JSON.stringify(key)}:${slowCanonicalJson(record[key])}`).join(",")}}`;
}

/** Keys by code point: JavaScript's own order (by UTF-16 unit) is the same unless a key has a surrogate. */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record).sort();
  return keys.some((key) => /[\ud800-\udfff]/.test(key)) ? keys.sort(comparePoints) : keys;
}

function finite(value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`The database holds ${value}, which JSON cannot write.`);
  return value;
}

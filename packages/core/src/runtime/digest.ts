/**
 * Digests of values: canonical JSON (object keys sorted) hashed with SHA-256. Pure and deterministic,
 * so the same inputs give the same card digest and the same idempotency key in every process.
 */
import { createHash } from "node:crypto";

/** JSON with object keys sorted; BigInt as its decimal string, undefined properties left out. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? JSON.stringify(value.toString()) : JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** SHA-256 of the canonical JSON of `value`, hex, shortened to 32 characters (128 bits). */
export function digestOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex").slice(0, 32);
}

/** The idempotency key of a write: stable for one flow, one write instance and one set of inputs. */
export function idempotencyKeyOf(flowId: string, instance: string, inputsDigest: string): string {
  return digestOf(["write", flowId, instance, inputsDigest]);
}

/** The cache key of a lookup run with these inputs. */
export function lookupKeyOf(tool: string, inputsDigest: string): string {
  return `${tool}:${inputsDigest}`;
}

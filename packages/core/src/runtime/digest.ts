/**
 * Digests of values: canonical JSON (object keys sorted) hashed with HMAC-SHA-256 under a key the host
 * gives (derived from the deployment key), so a short secret cannot be computed back from a digest that
 * leaves the runtime (card digests, approval ids, idempotency keys, lookup keys, traces). Without a key
 * (pure tests, tools that digest their own data) it is a plain SHA-256. Deterministic for one key, so the
 * same inputs give the same card digest and the same idempotency key in every process of a deployment.
 */
import { createHash, createHmac } from "node:crypto";

/** JSON with object keys sorted; BigInt as its decimal string, undefined properties left out. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? JSON.stringify(value.toString()) : JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i += 1) text += (i > 0 ? "," : "") + canonicalJson(value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = "{";
  // Keys in code-unit order (the default sort), undefined properties left out.
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    text += `${text.length > 1 ? "," : ""}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `${text}}`;
}

/** A digest function: hex, shortened to 32 characters (128 bits). */
export type Digester = (value: unknown) => string;

/** SHA-256 of the canonical JSON of `value` (unkeyed: only for values that hold no secret). */
export function digestOf(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex").slice(0, 32);
}

/** Digests remembered per key (every replay digests the same cards, texts and lookup inputs again). */
const MEMO_SIZE = 4096;

const digesters = new WeakMap<Uint8Array, Digester>();

/**
 * The digest function for `key` (HMAC-SHA-256), or the unkeyed one without a key. It remembers the
 * last few thousand digests it made (a pure function of its input, so remembering changes nothing).
 */
export function digesterFor(key: Uint8Array | undefined): Digester {
  if (!key) return digestOf;
  let found = digesters.get(key);
  if (!found) {
    const secret = Buffer.from(key);
    const memo = new Map<string, string>();
    found = (value) => {
      const text = canonicalJson(value);
      let digest = memo.get(text);
      if (digest === undefined) {
        digest = createHmac("sha256", secret).update(text).digest("hex").slice(0, 32);
        if (memo.size >= MEMO_SIZE) memo.clear();
        memo.set(text, digest);
      }
      return digest;
    };
    digesters.set(key, found);
  }
  return found;
}

/** The idempotency key of a write: stable for one flow, one write instance and one set of inputs. */
export function idempotencyKeyOf(digest: Digester, flowId: string, instance: string, inputsDigest: string): string {
  return digest(["write", flowId, instance, inputsDigest]);
}

/** The cache key of a lookup run with these inputs. */
export function lookupKeyOf(tool: string, inputsDigest: string): string {
  return `${tool}:${inputsDigest}`;
}

/**
 * The in-memory log of this skill's fake writes, so tests can count what really happened.
 * `calls` lists every call a write received (a retry after a crash shows up twice); `effects` lists the
 * effects that took place: one per (tool, idempotency key), because a repeated key returns the first
 * result and changes nothing, as a real booking or payment API would. Module state, reset by `resetCalls`.
 */

export interface WriteCall {
  tool: string;
  idempotencyKey: string;
  inputs: Record<string, unknown>;
}

export const calls: WriteCall[] = [];
export const effects: WriteCall[] = [];
const results = new Map<string, unknown>();

/** Forgets every call and effect (tests call it before each run). */
export function resetCalls(): void {
  calls.length = 0;
  effects.length = 0;
  results.clear();
}

/** How many effects each idempotency key produced (at most 1 when writes are idempotent). */
export function effectsPerKey(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of effects) counts[e.idempotencyKey] = (counts[e.idempotencyKey] ?? 0) + 1;
  return counts;
}

/**
 * Records a call; runs `apply` only for a (tool, key) not seen before, else returns the first result.
 */
export function recordWrite<T>(tool: string, idempotencyKey: string, inputs: object, apply: () => T): T {
  const call = { tool, idempotencyKey, inputs: { ...inputs } as Record<string, unknown> };
  calls.push(call);
  const slot = `${tool}\u0000${idempotencyKey}`;
  if (results.has(slot)) return results.get(slot) as T;
  const result = apply();
  results.set(slot, result);
  effects.push(call);
  return result;
}

/** A short, stable reference from a key: `prefix-` plus six hex digits of its FNV-1a hash. Pure. */
export function referenceFor(prefix: string, key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}-${hash.toString(16).toUpperCase().padStart(8, "0").slice(0, 6)}`;
}

/**
 * Names are data. A record keyed by names from a skill file, a model, an event or a proof (fields, tools,
 * answers, confirmations, ledger, lookups, approvals, an object type's fields, loop variables) must not
 * answer `toString`, `constructor` or `__proto__` with what every object inherits. Pure.
 */

/** The value `record` holds under `key` as its own entry, else undefined (also when `record` is). */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A copy of a record keyed by names, without a prototype: it cannot answer `toString` or `__proto__`
 * with anything it did not store, and V8 keeps such an object as a hash table, which a replay reads by
 * key hundreds of times (a copy with `Object.prototype` of a few hundred keys is a fast-mode object,
 * slower to copy and to read by a computed key).
 */
export function copyRecord<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, record);
}

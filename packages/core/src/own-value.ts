/**
 * Names are data. A record keyed by names from a skill file, a model, an event or a proof (fields, tools,
 * answers, confirmations, ledger, lookups, approvals, an object type's fields, loop variables) must not
 * answer `toString`, `constructor` or `__proto__` with what every object inherits. Pure.
 */

/** The value `record` holds under `key` as its own entry, else undefined (also when `record` is). */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Plain JS values ⇄ CEL values. Pure.
 * In: numbers become BigInt where the declared type is `int`, objects become instances of their CEL
 * message type. Out: BigInt becomes a number, message instances and Maps become plain objects.
 */
import type { ValueType } from "../tools/value-type.js";
import type { TypeTable } from "./type-table.js";
import { ownValue } from "../own-value.js";

/** Thrown when a value cannot take its declared type (e.g. 12.5 for an `int`); the message is for people. */
export class ValueShapeError extends Error {}

/** Converts a plain JS value to what CEL expects for the declared value type. */
export function toCel(value: unknown, vt: ValueType, table: TypeTable, label: string): unknown {
  if (value === null || value === undefined) return value;
  switch (vt.t) {
    case "int":
      return toInt(value, label);
    case "double":
      return typeof value === "bigint" ? Number(value) : value;
    case "list":
      return Array.isArray(value) ? value.map((v, i) => toCel(v, vt.of, table, `${label}[${i}]`)) : value;
    case "object":
      return toObject(value, vt, table, label);
    case "dyn":
      return toDyn(value);
    default:
      return value;
  }
}

function toInt(value: unknown, label: string): unknown {
  if (typeof value !== "number") return value;
  if (!Number.isInteger(value)) throw new ValueShapeError(`\`${label}\` is ${value}, not a whole number`);
  return BigInt(value);
}

function toObject(value: unknown, vt: Extract<ValueType, { t: "object" }>, table: TypeTable, label: string): unknown {
  const ctor = table.ctorOf(vt);
  if (!ctor || typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const props: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(vt.fields)) {
    const own = ownValue(source, key);
    if (own !== undefined) props[key] = toCel(own, child, table, `${label}.${key}`);
  }
  return new ctor(props);
}

/** Untyped values: plain objects become Maps (CEL's `map`), lists are converted element by element. */
function toDyn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toDyn);
  if (typeof value === "object" && value !== null && value.constructor === Object) {
    return new Map(Object.entries(value).map(([k, v]) => [k, toDyn(v)]));
  }
  return value;
}

/** Converts a CEL result back to plain JS. */
export function fromCel(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), fromCel(v)]));
  if (typeof value === "object" && value !== null && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    if (typeof (value as { hasValue?: unknown }).hasValue === "function") return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromCel(v)]));
  }
  return value;
}

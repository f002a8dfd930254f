/**
 * Follow a reference's property path through value types, to find the first property that does not
 * exist (`quote_trip.totl`). Stops quietly where types are not objects (CEL reports the rest). Pure.
 */
import type { ValueType } from "../tools/value-type.js";
import { ownValue } from "../own-value.js";

export interface MissingProperty {
  /** Index in the path of the property that does not exist. */
  index: number;
  /** Its name (`path[index]`). */
  name: string;
  /** The properties the object does have. */
  known: string[];
}

export function findMissingProperty(root: ValueType, path: readonly string[]): MissingProperty | undefined {
  let vt = root;
  for (const [index, name] of path.entries()) {
    if (vt.t !== "object") return undefined;
    const next = ownValue(vt.fields, name);
    if (!next) return { index, name, known: Object.keys(vt.fields) };
    vt = next;
  }
  return undefined;
}

/** Offset of `path[index]` in `root.p0.p1…` written without spaces, from the reference start. */
export function propertyOffset(root: string, path: readonly string[], index: number): number {
  let offset = root.length + 1;
  for (const name of path.slice(0, index)) offset += name.length + 1;
  return offset;
}

/**
 * The first place two databases differ, as a path and both values (the benchmark's criterion is the
 * whole database, to the value). Object keys are walked sorted, so the same two databases always name
 * the same first difference. Pure.
 */
import { canonicalJson } from "../../skills/retail/store/canonical.js";

export interface Difference {
  path: string;
  got: string;
  want: string;
}

export function firstDifference(got: unknown, want: unknown, path = ""): Difference | undefined {
  if (canonicalJson(got) === canonicalJson(want)) return undefined;
  if (isRecord(got) && isRecord(want)) {
    const keys = [...new Set([...Object.keys(got), ...Object.keys(want)])].sort();
    for (const key of keys) {
      const found = firstDifference(got[key], want[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  if (Array.isArray(got) && Array.isArray(want) && got.length === want.length) {
    for (let i = 0; i < got.length; i++) {
      const found = firstDifference(got[i], want[i], `${path}[${i}]`);
      if (found) return found;
    }
  }
  return { path: path || "(the whole database)", got: short(got), want: short(want) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function short(value: unknown): string {
  const text = value === undefined ? "absent" : canonicalJson(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** One line for a difference: `orders.#W1.status: "pending", expected "cancelled"`. */
export function describeDifference(d: Difference): string {
  return `${d.path}: ${d.got}, expected ${d.want}`;
}

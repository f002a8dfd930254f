/**
 * LangGraph's own serializer (`JsonPlusSerializer`, the default of every saver), with a fast path for
 * plain JSON — which is what a flow's checkpoints hold (the runtime's state is plain JSON by design, with
 * some properties set to `undefined`). The general path runs every value through a JavaScript replacer
 * on write and an async reviver (a promise per array) on read: most of what a checkpoint costs. Here,
 * for values made only of plain objects, arrays, strings, numbers, booleans, null and `undefined`:
 *
 * - write: each `undefined` is replaced by the record the general path writes for it
 *   (`{"lc":2,"type":"undefined"}`, copying only the objects on the way to it), then the value is
 *   `JSON.stringify`ed natively — the same text, byte for byte.
 * - read: the text is `JSON.parse`d natively and those records turned back into `undefined` — the same
 *   value. Text holding any other record (a LangChain object, a Set, a Map, bytes…) is read by the
 *   general path.
 *
 * Anything else (a class instance, a cycle, a function) takes the general path. Same format both ways:
 * what either writes, the other reads.
 */
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";

/** Deeper than this is left to the general path (which handles cycles). */
const MAX_DEPTH = 64;
const UNDEFINED_RECORD = Object.freeze({ lc: 2, type: "undefined" });
const NOT_PLAIN = Symbol("not plain");
const OTHER_RECORD = Symbol("another record");

const encoder = new TextEncoder();

export class PlainJsonSerializer extends JsonPlusSerializer {
  protected override _dumps(obj: unknown): Uint8Array {
    const plain = encodeUndefined(obj, 0);
    return plain === NOT_PLAIN ? super._dumps(obj) : encoder.encode(JSON.stringify(plain));
  }

  protected override async _loads(data: string): Promise<unknown> {
    const parsed: unknown = JSON.parse(data);
    if (!data.includes('"lc"') && !data.includes("\\u")) return parsed;
    const revived = reviveUndefined(parsed);
    return revived === OTHER_RECORD ? super._loads(data) : revived;
  }
}

/** `value` with every `undefined` as its record, or NOT_PLAIN. Copies only what it changes. Pure. */
export function encodeUndefined(value: unknown, depth: number): unknown {
  if (value === undefined) return UNDEFINED_RECORD;
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value !== "object" || depth >= MAX_DEPTH) return NOT_PLAIN;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item = encodeUndefined(value[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = encodeUndefined(record[key], depth + 1);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (item !== record[key]) (copy ??= { ...record })[key] = item;
  }
  return copy ?? value;
}

/** Parsed JSON with its undefined records turned back into `undefined` (in place), or OTHER_RECORD. */
function reviveUndefined(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const node = value as Record<string, unknown>;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      const item = reviveUndefined(node[i]);
      if (item === OTHER_RECORD) return OTHER_RECORD;
      node[i] = item;
    }
    return node;
  }
  for (const key of Object.keys(node)) {
    const item = reviveUndefined(node[key]);
    if (item === OTHER_RECORD) return OTHER_RECORD;
    node[key] = item;
  }
  if (node.lc === 2 && node.type === "undefined") return undefined;
  return node.lc === 1 || node.lc === 2 ? OTHER_RECORD : node;
}

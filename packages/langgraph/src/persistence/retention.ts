/**
 * Retention: how long a conversation may sit idle before it is deleted, finished or abandoned alike.
 * A thread's last activity is the time of its latest checkpoint, read from the checkpoint id itself
 * (LangGraph's ids are UUIDv6, time-ordered, with the creation time in them), so every store answers it
 * with one small query and no checkpoint is decoded. Deleting takes the thread's lock and looks again,
 * so a conversation that came back to life meanwhile is kept.
 */
import { PersistenceError } from "./persistence-error.js";
import type { ThreadLock } from "./thread-lock.js";

/** Idle time after which the in-memory store deletes a conversation, unless told otherwise: one day. */
export const DEFAULT_MEMORY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** What a sweep did. */
export interface IdleSweep {
  /** Threads deleted, in the order found. */
  deleted: string[];
  /** Threads kept (active within the idle time). */
  kept: number;
}

/** Each thread (or only `threadId`) and the id of its latest checkpoint. */
export type LatestCheckpoints = (threadId?: string) => Promise<Map<string, string>>;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `30d`, `12h`, `90m`, `45s`, `500ms`, `2w` (or a number of milliseconds) in milliseconds. */
export function parseDuration(text: string | number): number {
  if (typeof text === "number" && Number.isFinite(text) && text > 0) return text;
  const match = typeof text === "string" ? /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/i.exec(text) : null;
  const ms = match ? Number(match[1]) * UNITS[match[2]!.toLowerCase()]! : NaN;
  if (!(ms > 0)) {
    throw new PersistenceError(`A duration is a number and a unit (500ms, 45s, 90m, 12h, 30d, 2w), not ${JSON.stringify(text)}.`, "bad-duration");
  }
  return ms;
}

/** The retention option (`false`: keep forever; undefined: `fallback`) in milliseconds, or undefined. */
export function retentionOf(option: number | string | false | undefined, fallback: number | undefined): number | undefined {
  if (option === false) return undefined;
  return option === undefined ? fallback : parseDuration(option);
}

/** The creation time (ms since the epoch) of a UUIDv6 checkpoint id; undefined for another id. Pure. */
export function checkpointTime(id: string): number | undefined {
  const hex = id.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex) || hex[12] !== "6") return undefined;
  const ticks = BigInt(`0x${hex.slice(0, 12)}${hex.slice(13, 16)}`);
  // 100-ns ticks since 1582-10-15, the Gregorian epoch of UUID time.
  return Number(ticks / 10_000n - 12_219_292_800_000n);
}

/**
 * Delete every thread whose latest checkpoint is older than `olderThanMs` before `now`. Each deletion
 * runs under the thread's lock, after looking again. A thread whose checkpoint ids carry no time is kept.
 */
export async function deleteIdleThreads(
  store: { lock: ThreadLock; latest: LatestCheckpoints; deleteThread(threadId: string): Promise<void> },
  olderThanMs: number, now = Date.now(),
): Promise<IdleSweep> {
  const idle = (id: string | undefined) => {
    const at = id === undefined ? undefined : checkpointTime(id);
    return at !== undefined && now - at > olderThanMs;
  };
  const sweep: IdleSweep = { deleted: [], kept: 0 };
  for (const [threadId, id] of await store.latest()) {
    if (!idle(id)) {
      sweep.kept += 1;
      continue;
    }
    const gone = await store.lock.run(threadId, async () => {
      if (!idle((await store.latest(threadId)).get(threadId))) return false;
      await store.deleteThread(threadId);
      return true;
    });
    if (gone) sweep.deleted.push(threadId);
    else sweep.kept += 1;
  }
  return sweep;
}

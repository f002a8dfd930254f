/**
 * Pruning and measuring one thread in MemorySaver's maps: `storage[thread][ns][checkpointId]` and
 * `writes[JSON.stringify([thread, ns, checkpointId])]` (see `@langchain/langgraph-checkpoint` memory.ts).
 * Checkpoint ids sort by time, as the saver itself assumes when it picks the latest.
 */
import type { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { PruneResult, ThreadFootprint, ThreadHead } from "./persistence.js";

/** Delete all but the latest `keep` checkpoints of each namespace of a thread, and their writes. */
export function pruneMemoryThread(saver: MemorySaver, threadId: string, keep: number): PruneResult {
  const result: PruneResult = { checkpointsDeleted: 0, writesDeleted: 0, blobsDeleted: 0 };
  for (const [ns, checkpoints] of Object.entries(saver.storage[threadId] ?? {})) {
    const old = Object.keys(checkpoints).sort().reverse().slice(keep);
    for (const id of old) {
      delete checkpoints[id];
      result.checkpointsDeleted += 1;
      const key = JSON.stringify([threadId, ns, id]);
      result.writesDeleted += Object.keys(saver.writes[key] ?? {}).length;
      delete saver.writes[key];
    }
  }
  return result;
}

/** Entries and serialized bytes the thread holds. */
export function memoryFootprint(saver: MemorySaver, threadId: string): ThreadFootprint {
  const footprint: ThreadFootprint = { checkpoints: 0, writes: 0, bytes: 0 };
  for (const [ns, checkpoints] of Object.entries(saver.storage[threadId] ?? {})) {
    for (const [id, [checkpoint, metadata]] of Object.entries(checkpoints)) {
      footprint.checkpoints += 1;
      footprint.bytes += checkpoint.byteLength + metadata.byteLength;
      for (const [, , value] of Object.values(saver.writes[JSON.stringify([threadId, ns, id])] ?? {})) {
        footprint.writes += 1;
        footprint.bytes += value.byteLength;
      }
    }
  }
  return footprint;
}

/** Each thread (or only `threadId`) and its latest checkpoint id, over every namespace. */
export function memoryLatest(saver: MemorySaver, threadId?: string): Map<string, string> {
  const latest = new Map<string, string>();
  const threads = threadId === undefined ? Object.keys(saver.storage) : Object.hasOwn(saver.storage, threadId) ? [threadId] : [];
  for (const thread of threads) {
    const ids = Object.values(saver.storage[thread] ?? {}).flatMap((checkpoints) => Object.keys(checkpoints));
    const newest = ids.sort().at(-1);
    if (newest !== undefined) latest.set(thread, newest);
  }
  return latest;
}

/** The thread's latest checkpoint (over every namespace) and whether writes are pending against it. */
export function memoryHead(saver: MemorySaver, threadId: string): ThreadHead {
  let head: { ns: string; id: string } | undefined;
  for (const [ns, checkpoints] of Object.entries(Object.hasOwn(saver.storage, threadId) ? saver.storage[threadId]! : {})) {
    for (const id of Object.keys(checkpoints)) if (head === undefined || id > head.id) head = { ns, id };
  }
  if (head === undefined) return { checkpoint: undefined, pendingWrites: false };
  const writes = saver.writes[JSON.stringify([threadId, head.ns, head.id])];
  return { checkpoint: head.id, pendingWrites: writes !== undefined && Object.keys(writes).length > 0 };
}

/**
 * What the attacks on the flow's remembered checkpoint share (test/red/remembering-saver-*.test.ts):
 * a tuple in the shape a store returns it, a spy that checks every answer from memory against the
 * store's own answer, and a caller that vandalizes what it got.
 */
import { vi } from "vitest";
import type { MemorySaver, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { RememberingSaver } from "../../src/persistence/remembering-saver.js";

/** A tuple as a store returns it, for comparison: channel values only for channels with a version. */
export function comparable(tuple: CheckpointTuple | undefined) {
  if (!tuple) return undefined;
  const { channel_values: values, ...rest } = tuple.checkpoint;
  const versioned = Object.fromEntries(Object.entries(values).filter(([k]) => k in tuple.checkpoint.channel_versions));
  return { config: tuple.config, checkpoint: { ...rest, channel_values: versioned }, metadata: tuple.metadata, parentConfig: tuple.parentConfig, pendingWrites: tuple.pendingWrites ?? [] };
}

/**
 * Every read the flow's saver answers from memory, against the store's answer for the same read at the
 * same moment. Returns the answers compared.
 */
export function checkAnswersAgainstStore() {
  const compared: Array<{ memory: unknown; store: unknown }> = [];
  const original = RememberingSaver.prototype.getTuple;
  vi.spyOn(RememberingSaver.prototype, "getTuple").mockImplementation(async function (this: RememberingSaver, config: RunnableConfig) {
    const inner = (this as unknown as { inner: MemorySaver }).inner;
    const before = await inner.getTuple(config);
    const answer = await original.call(this, config);
    compared.push({ memory: comparable(answer), store: comparable(before) });
    return answer;
  });
  return compared;
}

/** Every string in `value` replaced and every array emptied, in place: a caller that edits what it got. */
export function vandalize(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(vandalize);
    value.length = 0;
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === "string") (value as Record<string, unknown>)[k] = "vandalized";
      else if (typeof v === "number") (value as Record<string, unknown>)[k] = -1;
      else vandalize(v);
    }
  }
}

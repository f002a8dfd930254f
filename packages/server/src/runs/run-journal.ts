/**
 * A run is answered once. A front end whose request failed (the process died, the connection broke, a
 * proxy answered 502) sends the same run again: the same `threadId`, `runId` and body. What a run asks
 * of the conversation — its `resume` entries and its last user message — is digested; a run with input
 * that finished is kept with the events it streamed (the last few per conversation), and its retry is
 * answered with those events instead of being run again. A retry of a run whose process died mid-way
 * is run again, and each of its events carries an id (`eventIdOf`) that the flow stores with the event,
 * so an event the first attempt already handed to the flow is not applied twice. Pure.
 */
import { createHash } from "node:crypto";
import type { BaseEvent, RunAgentInput } from "@ag-ui/core";

/** A finished run as the conversation keeps it, to answer its retry. */
export interface RunRecord {
  /** The AG-UI `runId`. */
  id: string;
  /** `runDigest` of what the run asked. */
  input: string;
  /** Every event it streamed after RUN_STARTED, RUN_FINISHED (or its RUN_ERROR) last. */
  events: BaseEvent[];
}

/** Finished runs kept per conversation: a retry follows its first attempt, before the next run. */
export const RUNS_KEPT = 2;

/** A digest of what `input` asks: its resume entries and its last user message (id and content). */
export function runDigest(input: RunAgentInput): string {
  const message = [...input.messages].reverse().find((m) => m.role === "user");
  const asked = { resume: input.resume ?? [], message: message ? { id: message.id, content: message.content } : null };
  return createHash("sha256").update(JSON.stringify(asked)).digest("base64url").slice(0, 22);
}

/** The recorded answer of run `runId` with the same input, if the conversation keeps one. */
export function recordedRun(runs: RunRecord[], runId: string, digest: string): RunRecord | undefined {
  return runs.find((r) => r.id === runId && r.input === digest);
}

/** The runs kept after `record` finished: the newest `RUNS_KEPT`. */
export function withRun(runs: RunRecord[], record: RunRecord): RunRecord[] {
  return [...runs.filter((r) => r.id !== record.id || r.input !== record.input), record].slice(-RUNS_KEPT);
}

/** The id of the run's `index`-th event, the same in every attempt of the run (short: the flow keeps it). */
export function eventIdOf(runId: string, digest: string, index: number): string {
  return createHash("sha256").update(`${runId}\u0000${digest}\u0000${index}`).digest("base64url").slice(0, 16);
}

/**
 * The turns of a retried run's events, in order: the flow answers an event it already took with its
 * last turn (`repeated`), which is that event's own turn only when no later event of the run was taken
 * too; a repeated turn followed by another repeated one is left out (its own turn died with the process).
 */
export function ownTurns<T extends { repeated?: boolean }>(turns: T[]): T[] {
  return turns.filter((turn, i) => !(turn.repeated && turns[i + 1]?.repeated));
}

/**
 * Tool calls: a lookup is answered from the cache (keyed by its inputs) or requested from the host;
 * every request counts against the per-event cap. The walk stops at each request (one `call` at a time).
 */
import { emit, fail, Halt, record, type Run } from "./run-context.js";
import type { Effect } from "./types.js";

type CallEffect = Extract<Effect, { type: "call" }>;

/** Refuses with a clear error (and stops the walk) when this event has used up its tool calls. */
export function checkCallCap(run: Run): void {
  const max = run.limits.maxCallsPerEvent;
  if (run.state.callsThisEvent < max) return;
  const message = `Stopped: this message needed more than ${max} tool calls. Nothing more was run; please try again.`;
  record(run, { type: "limit", message });
  if (run.verify) run.verify.failure = message;
  fail(run, message);
}

/** Emits one `call` effect and stops the walk; refuses with a clear error past the per-event cap. */
export function requestCall(run: Run, call: Omit<CallEffect, "type">, inputsDigest: string): never {
  checkCallCap(run);
  run.state.callsThisEvent += 1;
  emit(run, { type: "call", ...call });
  record(run, { type: "tool_called", tool: call.tool, kind: call.kind, inputsDigest, key: call.key });
  throw new Halt("call");
}

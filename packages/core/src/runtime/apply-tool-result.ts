/**
 * A tool result from the host: a lookup result goes into the cache under its key; a write result
 * completes the ledger entry started with that idempotency key — done, failed (the tool said nothing
 * was done), or in doubt (any other failure: it may have run).
 */
import { drop } from "./propose-value.js";
import { record, type Run } from "./run-context.js";
import type { FlowEvent } from "./types.js";
import { ownValue } from "../own-value.js";

type ToolResultEvent = Extract<FlowEvent, { type: "tool_result" }>;

export function applyToolResult(run: Run, event: ToolResultEvent): void {
  const tool = ownValue(run.skill.tools, event.tool);
  if (!tool) return void drop(run, event.tool, "tool result for an unknown tool");
  record(run, { type: "tool_result", tool: event.tool, ok: event.ok, durationMs: event.durationMs, ...(event.error !== undefined ? { error: event.error } : {}) });
  const error = event.error ?? "the tool failed";
  if (tool.kind === "lookup") {
    const prefix = `${event.tool}:`;
    if (!event.key.startsWith(prefix)) return void drop(run, event.tool, "tool result with a key that was not asked for");
    // `result` is there even when undefined: redaction masks a secret-derived entry by its `result` key.
    run.state.lookups[event.key] = {
      tool: event.tool, inputsDigest: event.key.slice(prefix.length), result: event.ok ? event.output : undefined,
      ...(event.ok ? {} : { error }), turn: run.state.turn,
    };
    return;
  }
  const entry = Object.values(run.state.ledger).find((e) => e.idempotencyKey === event.key && e.status === "started");
  if (!entry) return void drop(run, event.tool, "write result with no started write for its key");
  run.state.ledger[entry.instance] = event.ok
    ? { ...entry, status: "done", result: event.output }
    : { ...entry, status: event.rejected ? "failed" : "doubt", error };
  if (!event.ok) run.state.failedThisEvent.push(entry.instance);
}

/**
 * A person's event to a flow that had already finished and is still finished after the replay: when
 * nothing else was said, the reply says so, instead of being empty. Pure.
 */
import { emit, type Run } from "./run-context.js";
import type { FlowEvent, FlowState } from "./types.js";

export const FINISHED = "This conversation is finished; nothing more will run in it. Start a new conversation for anything else.";

/** Adds the sentence to `run` when `before` was finished, the event came from a person and nothing was said. */
export function sayFinished(run: Run, before: FlowState, event: FlowEvent): void {
  if (before.pending?.kind !== "done" || run.state.pending?.kind !== "done") return;
  if (event.type === "tool_result" || event.type === "preset") return;
  // A call pending: a change is being checked against the completed writes; its outcome is said then.
  if (run.effects.some((e) => e.type === "say" || e.type === "refuse" || e.type === "error" || e.type === "call")) return;
  emit(run, { type: "say", text: FINISHED });
}

/**
 * Where a stored conversation stands, for `flow chat --thread ID`: the last turn as it was shown (its
 * reply, widgets and pending question), rebuilt by the flow from the thread's latest checkpoint without
 * sending any event (`Flow.lastTurn`). Reads only.
 */
import type { Flow, TurnResult } from "@skillflow/langgraph";

export interface StoredConversation {
  /** The last turn as shown, secrets redacted. */
  last: TurnResult;
  /** The skill finished (one-skill flows): nothing is left to do. */
  finished: boolean;
}

/** The stored conversation `threadId`, or undefined when the store has none. */
export async function readLastTurn(flow: Flow, threadId: string): Promise<StoredConversation | undefined> {
  const last = await flow.lastTurn(threadId);
  if (!last) return undefined;
  return { last, finished: flow.skills.length === 1 && last.pending?.kind === "done" };
}

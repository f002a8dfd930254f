/**
 * Where a stored conversation stands, for `flow chat --thread ID`: the last turn as it was shown (its
 * reply, widgets and pending question), rebuilt from the thread's latest checkpoint — which holds the
 * flow state and that turn's output — without sending any event. With several skills, the turn is
 * rendered for the skill in progress. Reads only.
 */
import type { FlowState } from "@skillflow/core";
import type { Flow, TurnResult, renderTurn as RenderTurn } from "@skillflow/langgraph";

type TurnOutput = Parameters<typeof RenderTurn>[2];

/** The checkpointed channels this reads (see the host's `flow-graph-state.ts` and `routing-state.ts`). */
interface StoredValues {
  flow?: FlowState | null;
  out?: TurnOutput;
  routing?: { active: string | null };
}

export interface StoredConversation {
  /** The last turn as shown, secrets redacted. */
  last: TurnResult;
  /** The skill finished (one-skill flows): nothing is left to do. */
  finished: boolean;
}

/** The stored conversation `threadId`, or undefined when the store has none. */
export async function readLastTurn(flow: Flow, threadId: string): Promise<StoredConversation | undefined> {
  const snapshot = await flow.graph.getState({ configurable: { thread_id: threadId } });
  const values = snapshot.values as StoredValues;
  if (!values.flow && !values.routing) return undefined;
  const { renderTurn, emptyTurn } = await import("@skillflow/langgraph");
  const active = values.routing ? values.routing.active : flow.skill.name;
  const skill = flow.skills.find((s) => s.name === active) ?? flow.skill;
  const state = active ? (values.flow ?? null) : null;
  const last = renderTurn(skill, state, values.out ?? emptyTurn());
  if (values.routing) last.skill = active;
  return { last, finished: !values.routing && state?.pending?.kind === "done" };
}


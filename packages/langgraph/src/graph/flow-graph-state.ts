/**
 * The graph's checkpointed state: the runtime's `FlowState` plus what the current turn has produced.
 * No transcript and no tool outputs beyond what the runtime itself keeps: the turn's output is reset by
 * every new event, and the channels that carry an event or a call are cleared once consumed.
 */
import { Annotation, type LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Effect, FlowEvent, FlowState, ToolKind, TraceEvent, Usage } from "@skillflow/core";
import type { CallEffect } from "../run-tool.js";
import type { HostEvent } from "../to-flow-event.js";
import type { RouteNote, RoutingState } from "../routing/routing-state.js";

/** One tool run by the act node this turn. */
export interface ToolRun {
  tool: string;
  kind: ToolKind;
  ok: boolean;
  durationMs: number;
  error?: string;
}

/** Everything the current turn has produced so far (the `call` effects are the host's, not shown). */
export interface TurnOutput {
  effects: Effect[];
  trace: TraceEvent[];
  tools: ToolRun[];
  usage: Usage;
  /** What routing did this turn (flows hosting several skills). */
  route?: RouteNote;
}

export const FlowGraphState = Annotation.Root({
  /** The runtime's state; absent until the thread's first event. */
  flow: Annotation<FlowState | null>(),
  /** The person's event as received (free text not yet understood; a skill to open). */
  input: Annotation<HostEvent | null>(),
  /** The next event for the replay node: the understood person event, then each tool result. */
  event: Annotation<FlowEvent | null>(),
  /** The call the act node must run next. */
  call: Annotation<CallEffect | null>(),
  out: Annotation<TurnOutput>(),
  /**
   * The skill in progress and the skills on hold (one skill: always in progress). Absent before the
   * first event, and in one-skill conversations stored before routing was kept for one skill too.
   */
  routing: Annotation<RoutingState | null>(),
  /**
   * The ids of the last few events sent with one (`send(thread, event, { eventId })`), the newest last:
   * stored with the event's input in the same checkpoint, so a retry of an event that already reached the
   * store is told apart from a new one whichever process sends it (create-flow.ts).
   */
  eventIds: Annotation<string[] | undefined, string[]>({ reducer: (kept, added) => [...(kept ?? []), ...added].slice(-EVENT_IDS_KEPT) }),
});

/** Event ids a conversation remembers: a retry comes right after its first attempt, not many events later. */
export const EVENT_IDS_KEPT = 8;

export type FlowGraphValues = typeof FlowGraphState.State;
export type FlowGraphUpdate = typeof FlowGraphState.Update;

/** The output of a turn that has not produced anything yet. Pure. */
export function emptyTurn(): TurnOutput {
  return { effects: [], trace: [], tools: [], usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
}

/** Append to a turn's output without mutating it. Pure. */
export function extendTurn(out: TurnOutput, more: Partial<TurnOutput>): TurnOutput {
  const next: TurnOutput = {
    effects: more.effects ? [...out.effects, ...more.effects] : out.effects,
    trace: more.trace ? [...out.trace, ...more.trace] : out.trace,
    tools: more.tools ? [...out.tools, ...more.tools] : out.tools,
    usage: more.usage ?? out.usage,
  };
  const route = more.route ?? out.route;
  if (route) next.route = route;
  return next;
}

/**
 * A node's update without the channels it leaves as they were (the same value: the state is never edited
 * in place, so the same object is the same value). LangGraph stores every channel a node writes, as a
 * pending write and again as a blob of the next checkpoint, even when the value is the one it held: the
 * act node's `event: null`, a turn with no write's `call: null`, an unchanged routing, were two rows and
 * two encryptions each at every step. Pure.
 */
export function changesOnly(state: FlowGraphValues, update: FlowGraphUpdate): FlowGraphUpdate {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value !== (state as Record<string, unknown>)[key]) changed[key] = value;
  }
  return changed as FlowGraphUpdate;
}

/** The LangGraph thread id of the run (the conversation). */
export function threadIdOf(config: LangGraphRunnableConfig): string {
  const id = config.configurable?.thread_id;
  if (typeof id !== "string" || !id) throw new Error("A flow needs a thread_id.");
  return id;
}

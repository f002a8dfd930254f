/**
 * The routing part of a conversation's checkpointed state, when a flow hosts several skills. Plain JSON.
 *
 * The skill in progress runs on the graph's `flow` channel as in a one-skill flow; the others live here,
 * each with its own `FlowState`: a skill switched away from is kept "on hold" with its answers (and its
 * unfinished writes voided, see `void-unfinished.ts`); a finished or cancelled skill is dropped, and
 * choosing it again starts a new run. Each run has its own flow id, so idempotency keys never collide
 * between skills or between runs: `thread:skill` for the first run, `thread:skill#n` for the nth.
 */
import { initialState, ownValue, type FlowState, type Usage } from "@skillflow/core";

export interface RoutingState {
  /** The skill in progress (its state is the `flow` channel), or null when none is. */
  active: string | null;
  /** Skills on hold, by name: resumed with their answers when the person comes back to them. */
  held: Record<string, FlowState>;
  /** Runs started so far, by skill name (for the flow id of the next run). */
  runs: Record<string, number>;
  /** The conversation's model usage, across skills and turns where none was in progress. */
  usage: Usage;
  /**
   * The secret values given in runs that were closed or cancelled (their states are dropped), the last
   * few: still masked wherever they appear in a later message of the conversation. Encrypted at rest
   * with the checkpoint.
   */
  secrets?: string[];
}

/** How many secret values of closed runs a conversation keeps for masking. */
const SECRETS_KEPT = 16;

/** The routing with the secrets of a run being dropped kept for masking. Pure. */
export function keepSecrets(routing: RoutingState, values: readonly unknown[]): RoutingState {
  if (values.length === 0) return routing;
  const added = values.map(String);
  const kept = (routing.secrets ?? []).filter((v) => !added.includes(v));
  return { ...routing, secrets: [...kept, ...added].slice(-SECRETS_KEPT) };
}

/** What routing did on a turn; absent from a turn where the message stayed with the skill in progress. */
export interface RouteNote {
  /** A new run of this skill began. */
  started?: string;
  /** This skill came back from hold with its answers. */
  resumed?: string;
  /** This skill was put on hold (its unfinished writes voided). */
  held?: string;
  /** This skill was cancelled: its answers are dropped and its unfinished writes never run. */
  cancelled?: string;
  /** This finished skill was closed to make way for the next request. */
  closed?: string;
  /** Confirmations and approval requests voided when a skill was put on hold. */
  voided?: string[];
}

/** Routing before a conversation's first event. Pure. */
export function emptyRouting(): RoutingState {
  return { active: null, held: {}, runs: {}, usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
}

/** The flow id of a skill's nth run in a thread. Pure. */
export function flowIdOf(threadId: string, skill: string, run: number): string {
  return run <= 1 ? `${threadId}:${skill}` : `${threadId}:${skill}#${run}`;
}

/** A fresh state for the next run of `skill`, and the routing that counts it. Pure. */
export function startRun(routing: RoutingState, threadId: string, skill: string): { routing: RoutingState; flow: FlowState } {
  const run = (ownValue(routing.runs, skill) ?? 0) + 1;
  return { routing: { ...routing, runs: { ...routing.runs, [skill]: run } }, flow: initialState(flowIdOf(threadId, skill, run)) };
}

/** Whether a skill's state has finished (nothing more to ask or run). Pure. */
export function isFinished(flow: FlowState | null | undefined): boolean {
  return flow?.pending?.kind === "done";
}

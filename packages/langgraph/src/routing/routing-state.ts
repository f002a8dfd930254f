/**
 * The routing part of a conversation's checkpointed state, when a flow hosts several skills. Plain JSON.
 *
 * The skill in progress runs on the graph's `flow` channel as in a one-skill flow; the others live here,
 * each with its own `FlowState`: a skill switched away from is kept "on hold" with its answers (and its
 * unfinished writes voided, see `void-unfinished.ts`); a finished or cancelled skill is dropped, and
 * choosing it again starts a new run. Each run has its own flow id, so idempotency keys never collide
 * between skills or between runs: `thread:skill` for the first run, `thread:skill#n` for the nth.
 */
import { giveKept, initialState, keptAnswers, ownValue, type FlowState, type KeptAnswer, type Skill, type StepOptions, type Usage } from "@skillflow/core";

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
  /**
   * The answers established for the whole conversation (`keep: conversation`), by field: taken from a run
   * when it finishes or goes on hold (the kept fields whose asks it passed), given to every later run
   * and to a run coming back from hold. A kept answer changes only when a later run asked for it again
   * because it no longer passed its ask there.
   */
  kept?: Record<string, KeptAnswer>;
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

/**
 * A fresh state for the next run of `skill`, with the conversation's kept answers it keeps too, and the
 * routing that counts it. Pure.
 */
export function startRun(routing: RoutingState, threadId: string, skill: Skill): { routing: RoutingState; flow: FlowState } {
  const run = (ownValue(routing.runs, skill.name) ?? 0) + 1;
  const flow = giveKept(skill, initialState(flowIdOf(threadId, skill.name, run)), routing.kept ?? {});
  return { routing: { ...routing, runs: { ...routing.runs, [skill.name]: run } }, flow };
}

/**
 * The routing with what a run leaving the stage (finished, or put on hold) established for the
 * conversation: its kept answers that are its own — fields not kept yet, and a kept answer it asked
 * again because it no longer passed (then the new one replaces it). An answer it was given and kept
 * stays as it was. Give the host's step options. Pure.
 */
export function keepFrom(routing: RoutingState, skill: Skill, flow: FlowState, options: StepOptions): RoutingState {
  const given = new Set(flow.kept ?? []);
  const established = Object.entries(keptAnswers(skill, flow, options)).filter(([field]) => !given.has(field));
  if (established.length === 0) return routing;
  return { ...routing, kept: { ...routing.kept, ...Object.fromEntries(established) } };
}

/** Whether a skill's state has finished (nothing more to ask or run). Pure. */
export function isFinished(flow: FlowState | null | undefined): boolean {
  return flow?.pending?.kind === "done";
}

/**
 * The working context of one `step` call: a private draft of the state plus the effects and trace being
 * collected. Nothing here escapes `step` except through its StepResult.
 */
import type { RepeatStep, Skill, Step } from "../format/ir.js";
import type { SkillExpressions } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import type { Card, Effect, FlowState, RuntimeLimits, TraceEvent } from "./types.js";

/** Where the walk is in one list of steps. Frames form an explicit stack, so a card can walk ahead. */
export interface Frame {
  steps: Step[];
  i: number;
  scope: string;
  /** Loop variables bound here (name → row) and their declared types. */
  vars: Record<string, unknown>;
  varTypes: Record<string, ValueType>;
  loop?: { step: RepeatStep; rows: unknown[]; row: number; parentScope: string };
}

/** The confirmation region the walk is in: the last confirm passed since the last ask. */
export interface Region {
  key: string;
  stepId: string;
  card: Card;
}

export interface Run {
  skill: Skill;
  exprs: SkillExpressions;
  state: FlowState;
  effects: Effect[];
  trace: TraceEvent[];
  limits: RuntimeLimits;
  /**
   * "run" executes; "collect" walks ahead of a confirm to build its card (no effects, no writes);
   * "verify" walks every step to compare completed writes with the inputs they would get now.
   */
  mode: "run" | "collect" | "verify";
  region: Region | null;
  /** Latest output of each tool met on this walk (binds later tool inputs by name). */
  outputs: Map<string, unknown>;
  /** Writes gathered while collecting a card. */
  collected: Card["writes"];
  /** Instructions of the `chat` steps passed on this walk. */
  chats: string[];
  /** Keys of the lookup cache entries read on this walk (what `compactState` keeps). */
  lookupsRead: Set<string>;
  /** What a "verify" walk has found so far. */
  verify?: VerifyLog;
}

/** A completed write that would now receive other inputs: which ones, and the values it ran with. */
export interface Conflict {
  tool: string;
  instance: string;
  inputs: string[];
  was: Record<string, unknown>;
}

export interface VerifyLog {
  conflicts: Conflict[];
  /** Completed writes not compared yet; the walk ends early when none is left. */
  remaining: number;
  /** Why the check could not finish (a lookup failed, the call cap was reached). */
  failure?: string;
}

/** Why a walk stopped early: a person is needed, a tool must run, or an error was reported. */
export class Halt {
  constructor(readonly reason: "person" | "call" | "error" | "region_end") {}
}

export const DEFAULT_LIMITS: RuntimeLimits = { maxCallsPerEvent: 50 };

/** Adds an effect (tool calls and errors are emitted in both modes; the walk skips the rest when collecting). */
export function emit(run: Run, effect: Effect): void {
  run.effects.push(effect);
}

/** Adds a trace record. */
export function record(run: Run, event: TraceEvent): void {
  run.trace.push(event);
}

/** Reports an error to the person and stops the walk. */
export function fail(run: Run, message: string): never {
  emit(run, { type: "error", message });
  throw new Halt("error");
}

/** Records that a step was evaluated (not while collecting a card: that walk only looks ahead). */
export function traceStep(run: Run, step: Step, frame: Frame, outcome: string): void {
  if (run.mode !== "run") return;
  record(run, { type: "step", stepId: frame.scope ? `${step.id}@${frame.scope}` : step.id, kind: step.kind, outcome });
}

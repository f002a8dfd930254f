/**
 * The working context of one `step` call: a private draft of the state plus the effects and trace being
 * collected. Nothing here escapes `step` except through its StepResult.
 */
import type { RepeatStep, Skill, Step } from "../format/ir.js";
import type { SkillExpressions } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import type { Digester } from "./digest.js";
import type { StepExecutor } from "./step-executor.js";
import type { Card, Effect, FlowState, RuntimeLimits, StepOptions, TraceEvent } from "./types.js";
import { shortenNames } from "../text/shorten-names.js";

/** Where the walk is in one list of steps. Frames form an explicit stack, so a card can walk ahead. */
export interface Frame {
  steps: Step[];
  i: number;
  scope: string;
  /** Loop variables bound here (name → row) and their declared types. */
  vars: Record<string, unknown>;
  varTypes: Record<string, ValueType>;
  /** `outer`: the vars of the frame around the loop (an `exhausted:` frame runs with them). */
  loop?: { step: RepeatStep; rows: unknown[]; row: number; parentScope: string; outer?: { vars: Frame["vars"]; varTypes: Frame["varTypes"] } } | undefined;
}

/**
 * A confirmation region the walk is in: a confirm passed with a current yes (or whose writes are all
 * done). Regions stack; an ask ends one only for the writes that depend on the field it asked
 * (`asked`), and a region opened inside a `repeat` ends with its iteration (`loop`).
 */
export interface Region {
  key: string;
  stepId: string;
  card: Card;
  /** The approval role, for a `confirm … by:`. */
  by?: string;
  /** Fields asked since the confirm (and those of blocks whose condition read one of them). */
  asked: Set<string>;
  /** The innermost `repeat` frame around the confirm and its row when it was passed. */
  loop?: { frame: Frame; row: number };
}

/** The state of a card walk: what it has passed since its confirm. */
export interface Collect {
  /** Fields asked since the confirm, as in `Region.asked`. */
  asked: Set<string>;
  /** The card's region ends with this iteration of this loop frame. */
  loop?: { frame: Frame; row: number };
}

export interface Run {
  skill: Skill;
  /** What the host gave `step` (limits, digest key): a trial or a throwaway replay runs with the same. */
  options: StepOptions;
  /** The keyed digest of this deployment (HMAC under the host's digest key). */
  digest: Digester;
  exprs: SkillExpressions;
  state: FlowState;
  effects: Effect[];
  trace: TraceEvent[];
  limits: RuntimeLimits;
  /**
   * What this walk does at each step: the run executes (exec-run.ts); a card walk lists what a confirm's
   * yes would release (exec-card.ts); a verify walk compares completed writes with the inputs they would
   * get now (exec-verify.ts).
   */
  exec: StepExecutor;
  /** The regions open at this point of a "run" walk, outermost first. */
  regions: Region[];
  /** In a card walk only: what it has passed since its confirm. */
  collect: Collect | undefined;
  /** Keys of the confirms this "run" walk reached (a yes for any other one is void at the end). */
  reached: Set<string>;
  /** Latest output of each tool met on this walk (binds later tool inputs by name). */
  outputs: Map<string, unknown>;
  /** Writes gathered while collecting a card. */
  collected: Card["writes"];
  /** Instructions of the `chat` steps passed on this walk. */
  chats: string[];
  /** Keys of the lookup cache entries read on this walk (what `compactState` keeps). */
  lookupsRead: Set<string>;
  /**
   * The `said` record this run made its own. `copyState` shares `said` with the state `step` was given
   * (a replay rewrites most of it unchanged); the first change copies it (exec-run.ts).
   */
  ownSaid: FlowState["said"] | undefined;
  /** What a "verify" walk has found so far. */
  verify: VerifyLog | undefined;
  /** The passes of `repeat … until` loops that ended on this walk: the tools each ran, by pass scope (until-passes.ts). */
  passOutputs?: Map<string, Record<string, unknown>>;
}

/** A completed write that would now receive other inputs: which ones, and the values it ran with. */
export interface Conflict {
  tool: string;
  instance: string;
  inputs: string[];
  was: Record<string, unknown>;
  /** The write is in doubt (it may have run), not done. */
  doubt?: boolean;
  /** A hand-off in doubt that the change would no longer reach (it may have handed the conversation over). */
  leftBehind?: boolean;
}

export interface VerifyLog {
  conflicts: Conflict[];
  /** Completed writes not compared yet; the walk ends early when none is left. */
  remaining: number;
  /** The ledger instances of the completed writes (and hand-offs in doubt) the walk compared. */
  reached: Set<string>;
  /** Why the check could not finish (a lookup failed, the call cap was reached). */
  failure?: string;
}

/** Why a walk stopped early: a person is needed, a tool must run, an error was reported, or the conversation was handed over. */
export class Halt {
  /** `handoff`: the conversation was handed over; `ended`: an `end` was reached; nothing after either runs. */
  constructor(readonly reason: "person" | "call" | "error" | "region_end" | "handoff" | "ended") {}
}

export const DEFAULT_LIMITS: RuntimeLimits = { maxCallsPerEvent: 50 };

/**
 * Adds an effect (tool calls and errors are emitted in both modes; the walk skips the rest when
 * collecting). An error's or a refusal's sentence has its long names cut (`shortenNames`): a 100 KB
 * tool or field name is not echoed to the person.
 */
export function emit(run: Run, effect: Effect): void {
  run.effects.push(effect.type === "error" || effect.type === "refuse" ? { ...effect, message: shortenNames(effect.message) } : effect);
}

/** Adds a trace record; a refusal's sentence and a dropped value's reason with their long names cut, as `emit` does. */
export function record(run: Run, event: TraceEvent): void {
  if (event.type === "refused" || event.type === "change_refused") run.trace.push({ ...event, message: shortenNames(event.message) });
  else if (event.type === "dropped") run.trace.push({ ...event, reason: shortenNames(event.reason) });
  else run.trace.push(event);
}

/** Reports an error to the person and stops the walk. */
export function fail(run: Run, message: string): never {
  emit(run, { type: "error", message });
  throw new Halt("error");
}

/** Records that a step was evaluated (the run does; a card or verify walk only looks ahead). */
export function traceStep(run: Run, step: Step, frame: Frame, outcome: string, digest?: string): void {
  run.exec.trace(run, step, frame, outcome, digest);
}

/** The trace record of a step (for the run's executor). */
export function recordStep(run: Run, step: Step, frame: Frame, outcome: string, digest?: string): void {
  record(run, { type: "step", stepId: frame.scope ? `${step.id}@${frame.scope}` : step.id, kind: step.kind, outcome, ...(digest ? { digest } : {}) });
}

/** In a card walk: an answer to a field asked since the confirm is not seen (it cannot change the card). */
export function hiddenInCard(run: Run, field: string): boolean {
  return run.collect?.asked.has(field) === true;
}

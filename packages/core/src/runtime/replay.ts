/**
 * One replay: walk the skill's steps from the first over the run's draft state, stopping at the first
 * step that needs a person or a tool; at the end of the steps the flow is done.
 */
import { expressionsFor } from "../compile/compile-skill.js";
import type { Skill } from "../format/ir.js";
import { copyState } from "./copy-state.js";
import { DEFAULT_LIMITS, emit, record, type Run } from "./run-context.js";
import { RUN } from "./exec-run.js";
import { digesterFor } from "./digest.js";
import type { FlowState, StepOptions } from "./types.js";
import { rootFrame, walkToStop } from "./walk.js";

/**
 * A run over `state` (which the run mutates: pass a copy). Every field is present from the start, the
 * optional ones undefined, so every run (and a card walk's or verify walk's copy of one) has one shape.
 */
export function newRun(skill: Skill, state: FlowState, options: StepOptions = {}): Run {
  const { digestKey, ...limits } = options;
  return {
    skill,
    options,
    digest: digesterFor(digestKey),
    exprs: expressionsFor(skill),
    state,
    effects: [],
    trace: [],
    limits: { ...DEFAULT_LIMITS, ...limits },
    exec: RUN,
    regions: [],
    reached: new Set(),
    outputs: new Map(),
    collected: [],
    chats: [],
    lookupsRead: new Set(),
    collect: undefined,
    ownSaid: undefined,
    verify: undefined,
  };
}

/**
 * Replays the steps; afterwards `run` holds the stop's effects and `run.state.pending`. Once the replay
 * stops at a person, an error or the end, a yes held for a confirm it did not reach is void: the path
 * changed before it, so its card no longer shows what the person answered.
 */
export function replay(run: Run): void {
  const stop = walkToStop(run, [rootFrame(run.skill.steps)]);
  if (stop === "call") return;
  if (stop === "end" || stop === "handoff" || stop === "ended") {
    run.state.pending = { kind: "done" };
    emit(run, { type: "done" });
  }
  voidUnreached(run);
}

function voidUnreached(run: Run): void {
  for (const [key, yes] of Object.entries(run.state.confirmations)) {
    if (run.reached.has(key)) continue;
    delete run.state.confirmations[key];
    record(run, { type: "confirm_voided", confirm: yes.confirm, was: yes.digest, now: "not reached" });
  }
}

/** A throwaway replay of a copy of `state`: where the flow stands, what it would show, which chats it passed. */
export function replayCopy(skill: Skill, state: FlowState, options?: StepOptions): Run {
  const run = newRun(skill, copyState(state), options);
  replay(run);
  return run;
}

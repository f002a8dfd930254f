/**
 * `step(skill, state, event)`: the runtime's pure transition. Applies the event to a copy of the state,
 * then replays the steps from the first (there is no cursor) and returns the next state, the effects the
 * host must carry out (at most one `call`, then a `tool_result` comes back) and a trace of what happened.
 * A change made after a write completed is tried first and refused if it would alter that write
 * (try-change.ts); while the lookups that check needs run, no replay happens. Once the replay stops at
 * a person (no call pending), the state is compacted to what the next replay needs (compact-state.ts).
 * A person's event to a finished flow is answered with a sentence saying so (after-the-end.ts); to a
 * flow handed over to a person (a `handoff` step) or ended (an `end` step), with one fixed sentence, and
 * nothing is applied.
 * No I/O, no clock, no randomness: the same skill, state and event always give the same result.
 */
import type { Skill } from "../format/ir.js";
import { sayFinished } from "./after-the-end.js";
import { applyEvent } from "./apply-event.js";
import { compactState } from "./compact-state.js";
import { copyState } from "./copy-state.js";
import { newRun, replay } from "./replay.js";
import { ENDED } from "./run-end.js";
import { answerClosed, HANDED_OFF } from "./run-handoff.js";
import { settleTrial } from "./try-change.js";
import type { FlowEvent, FlowState, StepOptions, StepResult } from "./types.js";

export function step(skill: Skill, state: FlowState, event: FlowEvent, options?: StepOptions): StepResult {
  if (state.handedOff && event.type !== "tool_result") return answerClosed(state, event, HANDED_OFF);
  if (state.ended && event.type !== "tool_result") return answerClosed(state, event, ENDED);
  const run = newRun(skill, copyState(state), options);
  run.trace.push({ type: "event", event: event.type, turn: event.type === "tool_result" ? state.turn : state.turn + 1 });
  applyEvent(run, event);
  if (!run.state.trial || settleTrial(run)) replay(run);
  sayFinished(run, state, event);
  if (!run.effects.some((effect) => effect.type === "call")) compactState(run);
  return { state: run.state, effects: run.effects, trace: run.trace };
}

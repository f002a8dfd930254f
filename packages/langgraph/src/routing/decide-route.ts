/**
 * Where a free-text message goes when a flow hosts several skills, from what the one model call said
 * (`skill`, `intent`). Pure: no state is changed here.
 *
 * | skill in progress | model says                          | decision                                   |
 * |-------------------|-------------------------------------|--------------------------------------------|
 * | none              | `skill: X`                          | open X (start it, or resume it from hold)  |
 * | none              | nothing                             | stay idle: show what the flow can do       |
 * | A (finished)      | `skill: X` (X may be A: a new run)  | close A, open X                            |
 * | A (finished)      | nothing                             | close A, stay idle                         |
 * | A                 | `intent: cancel` (+ `skill: X`)     | cancel A (then open X, if another skill)   |
 * | A                 | `intent: switch`, `skill: X` ≠ A    | hold A, open X                             |
 * | A                 | `intent: switch`, no skill          | hold A, stay idle                          |
 * | A                 | `skill: X` ≠ A without an intent    | stay with A; `skill` dropped               |
 * | A                 | anything else                       | stay with A                                |
 *
 * Switching away from a skill in progress needs the explicit `intent`, so a model that merely names
 * another skill cannot drop what the person is doing.
 */
import type { SkillIntent } from "../understand/model-port.js";

export interface RouteInput {
  /** The skill in progress, or null. */
  active: string | null;
  /** The skill in progress has finished. */
  finished: boolean;
  /** The model's choice, already checked to name a hosted skill. */
  skill?: string | undefined;
  intent?: SkillIntent | undefined;
}

export interface RouteDecision {
  /** What happens to the skill in progress. */
  close?: { skill: string; how: "hold" | "cancel" | "close" };
  /** The skill to start or resume; with neither `open` nor a kept active skill, the flow is idle. */
  open?: string;
  /** Parts of the model's output that were not used, with the reason. */
  dropped: Array<{ field: string; reason: string }>;
}

export function decideRoute(input: RouteInput): RouteDecision {
  const { active, skill, intent } = input;
  if (!active) {
    const dropped = intent === "cancel" && !skill ? [{ field: "intent", reason: "no skill is in progress to cancel" }] : [];
    return skill ? { open: skill, dropped } : { dropped };
  }
  if (input.finished) return { close: { skill: active, how: "close" }, ...(skill ? { open: skill } : {}), dropped: [] };
  const other = skill !== undefined && skill !== active ? skill : undefined;
  if (intent === "cancel") return { close: { skill: active, how: "cancel" }, ...(other ? { open: other } : {}), dropped: [] };
  if (intent === "switch" && (other || skill === undefined)) {
    return { close: { skill: active, how: "hold" }, ...(other ? { open: other } : {}), dropped: [] };
  }
  if (other) return { dropped: [{ field: "skill", reason: `switching away from ${active} needs intent: switch` }] };
  return { dropped: [] };
}

/** The skill the message's values go to after the decision, or null when the flow is idle. Pure. */
export function targetOf(input: RouteInput, decision: RouteDecision): string | null {
  if (decision.open) return decision.open;
  return decision.close ? null : input.active;
}

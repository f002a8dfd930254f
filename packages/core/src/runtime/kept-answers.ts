/**
 * Answers kept for the conversation (`keep: conversation`): what one request establishes, the later
 * requests of the same conversation start with. Pure.
 *
 * - **Established** (`keptAnswers`): the answers of kept fields whose ask the replay passes now, on the
 *   path the run takes, with the lookups and checks of that ask holding. An answer given but never
 *   reached (a value the model took from a message, off the path) or refused is not established.
 * - **Given** (`giveKept`): a later run starts with them as its answers, and lists their fields in
 *   `FlowState.kept`. Its replay runs their lookups and checks again at their asks (nothing is trusted
 *   from the earlier run but the value); a change to one that passes is refused, and one its ask now
 *   refuses is asked again, nothing written on it (kept-offers.ts).
 */
import type { FieldDecl, Skill } from "../format/ir.js";
import { indexOf } from "../compile/compile-skill.js";
import { ownValue } from "../own-value.js";
import { replayCopy } from "./replay.js";
import type { Answer, FlowState, StepOptions } from "./types.js";

/** An answer carried from one request of a conversation to the next. */
export type KeptAnswer = Pick<Answer, "value" | "by">;

/** The fields of `skill` that are kept for the conversation and asked outside any `repeat`. Pure. */
export function keptFields(skill: Skill): FieldDecl[] {
  const inRepeat = new Set(indexOf(skill).askSites.filter((site) => site.repeats.length > 0).map((site) => site.step.field));
  return Object.values(skill.fields).filter((field) => field.keep === "conversation" && !inRepeat.has(field.name));
}

/**
 * The answers `state` has established for the conversation: kept fields whose ask a replay of a copy
 * passes with its answer. Give the host's step options (the digest key names the cached lookups). Pure.
 */
export function keptAnswers(skill: Skill, state: FlowState, options?: StepOptions): Record<string, KeptAnswer> {
  const fields = keptFields(skill);
  if (fields.length === 0) return {};
  const run = replayCopy(skill, state, options);
  const passed = new Set(run.trace.flatMap((t) => (t.type === "step" && t.kind === "ask" && t.outcome === "answered" ? [t.stepId] : [])));
  const kept: Record<string, KeptAnswer> = {};
  for (const field of fields) {
    const answer = ownValue(state.answers, field.name);
    const asked = indexOf(skill).asks.get(field.name) ?? [];
    if (answer && asked.some((ask) => passed.has(ask.id))) kept[field.name] = { value: answer.value, by: answer.by };
  }
  return kept;
}

/**
 * `state` with the kept answers its skill keeps too, as answers of this run (the turn they arrive on is
 * the run's current one) listed in `kept`. An answer the run held for such a field is replaced: the
 * conversation's answer wins. Kept answers for fields the skill does not keep are left out. Pure.
 */
export function giveKept(skill: Skill, state: FlowState, kept: Readonly<Record<string, KeptAnswer>>): FlowState {
  const given = keptFields(skill).filter((field) => ownValue(kept, field.name) !== undefined);
  if (given.length === 0) return state;
  const answers = { ...state.answers };
  for (const field of given) {
    const { value, by } = ownValue(kept, field.name)!;
    answers[field.name] = { value, by, turn: state.turn };
  }
  const names = [...new Set([...(state.kept ?? []), ...given.map((field) => field.name)])];
  return { ...state, answers, kept: names };
}


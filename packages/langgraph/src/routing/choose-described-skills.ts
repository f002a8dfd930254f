/**
 * Which hosted skills the extraction prompt describes in full on a message, chosen without a model:
 *
 * - the skill in progress (always: its fields in scope are the request's own);
 * - the other skills the message shares the most words with (`rank-skills.ts`, BM25): those scoring at
 *   least `CLOSE_SHARE` of the best score, at most `RANKED_IN_FULL` of them when no skill is in
 *   progress, `RANKED_BESIDE_ACTIVE` when one is (the message is then most likely about it; a switch
 *   to a skill of the menu still names it);
 * - every hand-off skill (one with a `handoff:` step): where a message that no other skill fits goes.
 *
 * The others are named in one line each (`menu`): a message about one of them still reaches it, since
 * the model may set `skill` to any hosted skill; that skill then asks for its fields. A host with no
 * more skills than fit in full describes every one. Pure (the index is built once per hosted list).
 */
import { everyChildStepOf, type Skill, type Step } from "@skillflow/core";
import { rankSkills } from "./rank-skills.js";

/** How many skills besides the hand-off skills are described in full when no skill is in progress. */
export const RANKED_IN_FULL = 4;
/** How many besides the skill in progress and the hand-off skills, when one is in progress. */
export const RANKED_BESIDE_ACTIVE = 2;
/**
 * A ranked skill is described in full only when its score is at least this share of the best one's:
 * a message that plainly names one request ("cancel pending order #W…") does not pay for the skills
 * that share only its common words. (On the retail train split, 0.3 already loses an opening.)
 */
export const CLOSE_SHARE = 0.2;

/** The names of the skills other than `active` to describe in full for `text`. Pure. */
export function chooseDescribedSkills(hosted: readonly { skill: Skill }[], active: string | null, text: string): Set<string> {
  const others = hosted.filter(({ skill }) => skill.name !== active);
  const handoffs = others.filter(({ skill }) => handsOff(skill)).map(({ skill }) => skill.name);
  const room = active ? RANKED_BESIDE_ACTIVE : RANKED_IN_FULL;
  if (others.length <= room + handoffs.length) return new Set(others.map(({ skill }) => skill.name));
  const ranked = rankSkills(hosted, text).filter(({ name }) => name !== active && !handoffs.includes(name));
  const best = ranked[0]?.score ?? 0;
  const close = ranked.filter(({ score }) => score >= best * CLOSE_SHARE).slice(0, room);
  return new Set([...close.map(({ name }) => name), ...handoffs]);
}

/** Whether the skill hands the conversation to a person: a `handoff:` step, at any depth. Pure. */
export function handsOff(skill: Skill): boolean {
  const has = (steps: readonly Step[]): boolean =>
    steps.some((step) => step.kind === "handoff" || has(everyChildStepOf(step)));
  return has(skill.steps);
}

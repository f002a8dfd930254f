/**
 * The skill's own limits (`## Limits`) in words for the procedure: one line per scope that sets any,
 * then what a limit does. Undefined when the skill declares none. Pure.
 */
import type { LimitValues, Skill } from "../format/ir.js";
import type { Inline } from "./model.js";

const SCOPE_WORDS = { turn: "Each message", conversation: "The whole conversation" } as const;

export function listLimits(skill: Skill): Inline[] | undefined {
  const limits = skill.limits;
  if (!limits) return undefined;
  const lines = (["turn", "conversation"] as const).flatMap((scope): Inline[] => {
    const parts = measureWords(limits[scope]);
    return parts.length ? [[`${SCOPE_WORDS[scope]}: at most ${joinWords(parts)}.`]] : [];
  });
  if (lines.length === 0) return undefined;
  return [
    ...lines,
    ["A message that would pass a limit is not read: the turn ends with a sentence naming the limit, and nothing is changed. Picks, presses, typed secrets, approvals and confirmed writes need no model call and go on."],
    ["A host may set lower limits (the smaller wins), never higher ones."],
  ];
}

function measureWords(values: LimitValues): string[] {
  const words: string[] = [];
  if (values.modelCalls !== undefined) words.push(`${values.modelCalls} model ${values.modelCalls === 1 ? "call" : "calls"}`);
  if (values.tokens !== undefined) words.push(`${values.tokens} tokens`);
  if (values.cost !== undefined) words.push(`${values.cost} in estimated model cost`);
  return words;
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

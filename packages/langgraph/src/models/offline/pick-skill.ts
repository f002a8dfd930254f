/**
 * Word overlap between a message and a skill, one kind of evidence `route-skill.ts` weighs: the skill
 * whose name or description shares the most words with the message, counting each word once and ignoring short and common words
 * ("forget it, I want a refund instead" → the skill described as "Refund an order"). No skill when no
 * word is shared or when two skills tie. Pure.
 */
import { singular } from "./spans.js";

const COMMON = new Set([
  "the", "and", "for", "you", "your", "with", "this", "that", "from", "into", "want", "need", "would", "like",
  "please", "can", "could", "help", "skill", "book", "make", "get", "have", "has", "will", "are", "was", "our",
  "any", "all", "not", "but", "its", "it's", "about", "instead", "forget", "within",
]);

/** The content words of a text, singular, lower case. */
function contentWords(text: string): Set<string> {
  const words = text.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return new Set(words.filter((w) => w.length >= 3 && !COMMON.has(w)).map(singular));
}

/** How many content words the text shares with the skill's name and description. Pure. */
export function wordOverlap(text: string, skill: { name: string; description: string }): number {
  const said = contentWords(text);
  const own = contentWords(`${skill.name.replace(/[_-]/g, " ")} ${skill.description}`);
  return [...own].filter((w) => said.has(w)).length;
}

/** The name of the best-matching skill by shared words alone, or undefined. Pure. */
export function pickSkill(text: string, skills: Array<{ name: string; description: string }>): string | undefined {
  const scores = skills.map((s) => wordOverlap(text, s));
  const best = Math.max(0, ...scores);
  if (best === 0 || scores.filter((s) => s === best).length > 1) return undefined;
  return skills[scores.indexOf(best)]?.name;
}

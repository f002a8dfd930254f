/**
 * The offline choice of a skill, when a flow hosts several: the skill whose name or description shares
 * the most words with the message, counting each word once and ignoring short and common words
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

/** The name of the best-matching skill, or undefined. Pure. */
export function pickSkill(text: string, skills: Array<{ name: string; description: string }>): string | undefined {
  const said = contentWords(text);
  const scores = skills.map((s) => {
    const own = contentWords(`${s.name.replace(/[_-]/g, " ")} ${s.description}`);
    return [...own].filter((w) => said.has(w)).length;
  });
  const best = Math.max(0, ...scores);
  if (best === 0 || scores.filter((s) => s === best).length > 1) return undefined;
  return skills[scores.indexOf(best)].name;
}

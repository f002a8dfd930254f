/**
 * Small wording helpers shared by the rules' messages. Pure.
 */
import type { Position, Skill } from "../format/ir.js";
import { suggest } from "../format/suggest.js";
import type { Scope } from "../expr/types.js";

export const at = (pos: Position): string => `line ${pos.line}`;

/** "Did you mean `x`? " when a close name exists, else "". */
export function didYouMeanPrefix(word: string, candidates: readonly string[]): string {
  const guess = suggest(word, candidates);
  return guess === undefined ? "" : `Did you mean \`${guess}\`? `;
}

/** Every name an expression may start with here: fields, tools and loop variables. */
export function knownRoots(skill: Skill, scope: Scope): string[] {
  return [...Object.keys(skill.fields), ...Object.keys(skill.tools), ...Object.keys(scope.loopVars ?? {}), ...Object.keys(skill.values ?? {})];
}

/** Names joined for a sentence: "`a`", "`a` and `b`", "`a`, `b` and `c`". */
export function listNames(names: readonly string[]): string {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}

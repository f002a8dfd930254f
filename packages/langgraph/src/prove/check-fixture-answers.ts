/**
 * `fixtures: answers:` names only fields of the skill. The runtime drops a preset value for a name it
 * does not know (a trace line nobody reads), so a typo would let a proof pass while proving less: here
 * it is a located proof error instead, with "did you mean" when a field is close. Fields that exist only
 * because an ask picks them `from:` a list are fields too (the parser adds them to `skill.fields`). Pure.
 */
import { didYouMean, type Skill } from "@skillflow/core";
import { ProofError, type Proof } from "./proof-types.js";

/** The errors for every name in the proof's `answers:` that is not a field of `skill` (empty when none). */
export function checkFixtureAnswers(proof: Proof, skill: Skill): ProofError[] {
  const answers = proof.fixtures.answers;
  if (!answers) return [];
  const fields = Object.keys(skill.fields);
  return Object.keys(answers)
    .filter((name) => !Object.hasOwn(skill.fields, name))
    .map((name) => {
      const at = proof.answersAt?.[name] ?? { line: 1, column: 1 };
      const reason = `\`answers:\` names \`${name}\`, which is not a field of ${skill.name}. ${didYouMean(name, fields, `fields of ${skill.name}`)}`;
      return new ProofError(proof.file, at.line, at.column, reason);
    });
}

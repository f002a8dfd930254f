/**
 * Every name a proof takes from its skill must be one of the skill's: a field for `answers:`, `pick:`,
 * `asks:` and `fields:` (or, for `pick:` and `asks:`, the `as:` name of a repeat with `check:`, whose
 * failing check asks which pass to change), a confirm (or a decide) for `press:`, `approve:` and `waits_for:`, a tool for `fail:`,
 * `reject:` and `called…:`, a skill for `active:`, an outcome (an `end`'s) for `ends:`. A typo (`press: bok`) would otherwise run and fail
 * later with a message about something else, or pass while proving less (the runtime drops a preset
 * answer it does not know): here it is a located proof error, with "did you mean" when a name is close.
 * A proof of several skills may name what any of them has. Pure.
 */
import { everyChildStepOf, didYouMean, type Skill, type Step } from "@skillflow/core";
import { ProofError, type NameUse, type Proof } from "./proof-types.js";

const KIND_WORDS: Record<NameUse["kind"], [string, string]> = {
  field: ["a field", "fields"],
  confirm: ["a confirm", "confirms"],
  tool: ["a tool", "tools"],
  skill: ["a skill", "skills"],
  outcome: ["an outcome", "outcomes"],
};

/** The errors for every name of `proof` that none of `skills` has (empty when all are known). */
export function checkProofNames(proof: Proof, skills: readonly Skill[]): ProofError[] {
  const known = knownNames(skills);
  const of = skills.map((s) => s.name).join(" or ");
  return proof.names
    .filter((use) => !known[use.kind].has(use.name))
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((use) => {
      const [one, many] = KIND_WORDS[use.kind];
      const reason = `\`${use.key}\` names \`${use.name}\`, which is not ${one} of ${of}. ${didYouMean(use.name, [...known[use.kind]], `${many} of ${of}`)}`;
      return new ProofError(proof.file, use.line, use.column, reason);
    });
}

function knownNames(skills: readonly Skill[]): Record<NameUse["kind"], Set<string>> {
  const names = { field: new Set<string>(), confirm: new Set<string>(), tool: new Set<string>(), skill: new Set<string>(), outcome: new Set<string>() };
  for (const skill of skills) {
    names.skill.add(skill.name);
    for (const field of Object.keys(skill.fields)) names.field.add(field);
    for (const name of checkedPassesOf(skill.steps)) names.field.add(name);
    for (const tool of Object.keys(skill.tools)) names.tool.add(tool);
    for (const id of confirmsOf(skill.steps)) names.confirm.add(id);
    for (const outcome of outcomesOf(skill.steps)) names.outcome.add(outcome);
  }
  return names;
}

/** The outcome of every `end`, nested ones too. */
function outcomesOf(steps: readonly Step[]): string[] {
  return steps.flatMap((step) => (step.kind === "end" ? [step.outcome] : outcomesOf(everyChildStepOf(step))));
}

/** The `as:` names of the repeats with `check:` (their pick of a pass to change is asked under that name), nested ones too. */
function checkedPassesOf(steps: readonly Step[]): string[] {
  return steps.flatMap((step): string[] => {
    if (step.kind === "when") return checkedPassesOf(step.steps);
    if (step.kind !== "repeat") return [];
    return [...(step.checks?.length && step.gather ? [step.gather.name] : []), ...checkedPassesOf(step.steps)];
  });
}

/** The ids of every confirm and decide (pressed and approved alike), nested ones too. */
function confirmsOf(steps: readonly Step[]): string[] {
  return steps.flatMap((step) => (step.kind === "confirm" ? [step.confirm] : step.kind === "decide" ? [step.decide] : confirmsOf(everyChildStepOf(step))));
}

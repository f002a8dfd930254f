/**
 * The values `decide` steps give: each decide's id becomes an undeclared field whose shape is `choices`
 * of its option keys, plus `no` when a role chooses (`by:`), so conditions, templates and `switch` type
 * it as text with known values. Marked `decide`, it is never taken from the model. A decide whose id is
 * a declared field is reported (the decision would be a value the model may fill), and so is a second
 * decide of one id with other options or another role (the id would have two sets of values). Pure.
 */
import type { ParseReport } from "./diagnose.js";
import type { DecideStep, FieldDecl, Step } from "./ir.js";
import { allSteps } from "./parse-steps.js";
import { ownValue } from "../own-value.js";

/** Adds the field of every decide step to `fields` (the first decide of an id gives its options). */
export function addDecideFields(fields: Record<string, FieldDecl>, steps: readonly Step[], report: ParseReport): void {
  for (const step of allSteps(steps)) {
    if (step.kind !== "decide") continue;
    const existing = ownValue(fields, step.decide);
    if (existing && !existing.decide) {
      report("invalid-step", step.keys.decide ?? step.pos, `\`${step.decide}\` is a field of the skill and the id of this \`decide\`, so the decision would be a value the model may fill.`, `Give the decision an id of its own, like \`${step.decide}_choice\`.`);
      continue;
    }
    if (existing) {
      const values = decisionValues(step);
      const same = existing.shape.kind === "choices" && existing.shape.choices.join(",") === values.join(",") && existing.decide?.by === step.by;
      if (!same) report("invalid-step", step.keys.decide ?? step.pos, `Another \`decide\` of \`${step.decide}\` (line ${existing.pos.line}) has other options or another role, so \`${step.decide}\` would have two sets of values.`, `Give this decision an id of its own, or the same \`options:\` keys${existing.decide?.by ? ` and \`by: ${existing.decide.by}\`` : " and no `by:`"} as the other.`);
      continue;
    }
    fields[step.decide] = { name: step.decide, shape: { kind: "choices", choices: decisionValues(step) }, secret: false, declared: false, decide: step.by ? { by: step.by } : {}, pos: step.keys.decide ?? step.pos };
  }
}

/** The values a decide step can give: its option keys in order, then `no` when a role chooses. Pure. */
export function decisionValues(step: DecideStep): string[] {
  const keys = step.options.map((o) => o.key);
  return step.by ? [...keys, "no"] : keys;
}

/**
 * `checkSkill`: the semantic checks of a parsed skill (names, types, data flow, the write gate).
 * Structural problems are the parser's (format/); every rule here is a small function in its own
 * file reporting into one sink. Pure: returns diagnostics, never throws for a bad skill.
 */
import { expressionsFor } from "../compile/compile-skill.js";
import type { Diagnostic } from "../diagnostics.js";
import { sortDiagnostics } from "../diagnostics.js";
import { makeDiagnostic } from "../format/diagnose.js";
import type { Skill } from "../format/ir.js";
import { checkCardWords } from "./check-card-words.js";
import { checkConditionTypes } from "./check-condition-types.js";
import { checkAfterHandoff } from "./check-after-handoff.js";
import { checkOutcomeStatuses } from "./check-outcome-statuses.js";
import { checkUnreachedOutcomes } from "./check-unreached-outcomes.js";
import { checkWaysWithoutOutcome } from "./check-ways-without-outcome.js";
import { checkConfirmCoverage } from "./check-confirm-coverage.js";
import { checkDuplicateAsks } from "./check-duplicate-asks.js";
import { checkDuplicateConfirms } from "./check-duplicate-confirms.js";
import { checkDuplicateWrites } from "./check-duplicate-writes.js";
import { checkExpressionSyntax } from "./check-expression-syntax.js";
import { checkFromLists } from "./check-from-lists.js";
import { checkHandoffTools } from "./check-handoff-tools.js";
import { checkInputTypes } from "./check-input-types.js";
import { checkGridColumns } from "./check-grid-columns.js";
import { checkLookupShapes } from "./check-lookup-shapes.js";
import { checkPartWrites } from "./check-part-writes.js";
import { checkRepeatLists } from "./check-repeat-lists.js";
import { checkSwitchCases } from "./check-switch-cases.js";
import { checkCheckedRepeats } from "./check-checked-repeats.js";
import { checkRowBindsAskedInput } from "./check-row-binds-asked-input.js";
import { checkSecretDerivedInText } from "./check-secret-derived-in-text.js";
import { checkSecretInText } from "./check-secret-in-text.js";
import { checkUnboundInputs } from "./check-unbound-inputs.js";
import { checkUnconfirmableInputs } from "./check-unconfirmable-inputs.js";
import { checkUngatedWrites } from "./check-ungated-writes.js";
import { checkUnknownFields } from "./check-unknown-fields.js";
import { checkUnknownReferences } from "./check-unknown-references.js";
import { checkUnknownTools } from "./check-unknown-tools.js";
import { checkUsedBeforeAsked } from "./check-used-before-asked.js";
import { checkWithBindings } from "./check-with-bindings.js";
import { checkValues } from "./check-values.js";
import { checkDefaults } from "./check-defaults.js";
import type { CheckContext, Rule } from "./context.js";

/** The semantic rules, in the order they run (the output is sorted by position anyway). */
export const SEMANTIC_RULES: readonly Rule[] = [
  checkUnknownTools,
  checkUnknownFields,
  checkExpressionSyntax,
  checkUnknownReferences,
  checkConditionTypes,
  checkValues,
  checkDefaults,
  checkLookupShapes,
  checkFromLists,
  checkGridColumns,
  checkRepeatLists,
  checkSwitchCases,
  checkCheckedRepeats,
  checkUsedBeforeAsked,
  checkUnboundInputs,
  checkWithBindings,
  checkRowBindsAskedInput,
  checkInputTypes,
  checkDuplicateAsks,
  checkDuplicateConfirms,
  checkSecretInText,
  checkSecretDerivedInText,
  checkUngatedWrites,
  checkUnconfirmableInputs,
  checkConfirmCoverage,
  checkDuplicateWrites,
  checkHandoffTools,
  checkAfterHandoff,
  checkOutcomeStatuses,
  checkUnreachedOutcomes,
  checkWaysWithoutOutcome,
  checkPartWrites,
  checkCardWords,
];

/** Every semantic diagnostic for `skill`, sorted by position. */
export function checkSkill(skill: Skill): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const ctx: CheckContext = {
    skill,
    exprs: expressionsFor(skill),
    report: (ruleId, pos, reason, fix) => diagnostics.push(makeDiagnostic(skill.file, ruleId, pos, reason, fix)),
  };
  for (const rule of SEMANTIC_RULES) rule(ctx);
  return sortDiagnostics(diagnostics);
}

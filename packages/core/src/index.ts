// @skillflow/core — the pure core: format, IR, checks, diagnostics, runtime step, procedure.
// Named exports only (no `export *`); test/public-api.test.ts pins this list.
export { lookup, action, handoff, isToolDefinition, TOOL_TAG } from "./tools/define.js";
export type { ToolContext, ToolSpec, ToolDefinition } from "./tools/define.js";
export { ToolRejected, isToolRejected } from "./tools/tool-rejected.js";
export { TOOL_SOURCE_TAG, isToolSource } from "./tools/tool-source.js";
export type { ToolSource, ToolSourceListing, ToolSourceProblem } from "./tools/tool-source.js";
export type { ValueType } from "./tools/value-type.js";
export { describeTool, isLangChainTool } from "./tools/describe-tool.js";
export type { LangChainToolLike } from "./tools/describe-tool.js";
export { runnableTool } from "./tools/runnable-tool.js";
export type { RunnableTool } from "./tools/runnable-tool.js";
export { parseSkill } from "./format/parse-skill.js";
export { agentSkillsName, agentSkillsNameProblem } from "./format/agent-skills.js";
export { skillBlocksSchema } from "./format/skill-schema.js";
export { findBlocks } from "./format/find-blocks.js";
export type { FoundBlocks, SourceBlock } from "./format/find-blocks.js";
export { normalizeText } from "./format/check-text.js";
export type { JsonSchema } from "./format/skill-schema.js";
export { LIMIT_MEASURES, LIMIT_SCOPES } from "./format/definitions.js";
export type { ParseOptions, ParseResult } from "./format/parse-skill.js";
export type { PartReader } from "./format/use-part.js";
export type {
  Position, Expr, Template, Shape, FieldDecl, Check, Step, StepKind, SayStep, AskStep, DoStep, HandoffStep, EndStep, EndStatus, ConfirmStep,
  DecideStep, DecideOption, ChatStep, WhenStep, RepeatStep, SwitchStep, Branch, ToolKind, ToolParam, ToolInfo, Skill, GridColumn, SkillLimits, LimitValues,
} from "./format/ir.js";
export { childStepsOf, everyChildStepOf, exhaustedOf } from "./format/child-steps.js";
export { createExpressions } from "./expr/create-expressions.js";
export { shapeValueType, fieldValueType } from "./expr/field-type.js";
export { describeValue, formatValue } from "./expr/format-value.js";
export type {
  ExprRef, Scope, ExprErrorKind, TypeCheckResult, EvaluateResult, RenderResult, Values, SkillExpressions,
} from "./expr/types.js";
export { analyzeGates, compileSkill, coverageOf, gateAnalysisOf, writesCoveredBy } from "./compile/compile-skill.js";
export { gridColumns } from "./compile/grid-columns.js";
export { writeInWords } from "./compile/card-words.js";
export { formatCell, formatDate, formatMoney, formatTime } from "./expr/format-words.js";
export type { ShownColumn } from "./compile/grid-columns.js";
export type { CompiledSkill } from "./compile/compile-skill.js";
export { renderProcedure } from "./procedure/render-procedure.js";
export { buildProcedure } from "./procedure/build-procedure.js";
export { describeRange } from "./procedure/describe-range.js";
export { describeShape as describeFieldShape, describeGiver } from "./procedure/describe-shape.js";
export type { ProcedureFormat } from "./procedure/render-procedure.js";
export type { Procedure, Inline as ProcedureText } from "./procedure/model.js";
export { checkSkill } from "./check/index.js";
export { checkKeptFields, keptConflictSentence, keptFieldConflicts } from "./check/check-kept-fields.js";
export type { KeptConflict } from "./check/check-kept-fields.js";
export type {
  PathOutcome, ClosedByAsk, GateGap, CoveringConfirm, WriteGate, GateAnalysis,
} from "./check/path-types.js";
export { sortDiagnostics, hasErrors } from "./diagnostics.js";
export { shownPath } from "./shown-path.js";
export { ownValue } from "./own-value.js";
export { suggest, didYouMean } from "./format/suggest.js";
export type { Diagnostic, Severity, Report } from "./diagnostics.js";
export type {
  Provenance, Answer, Confirmation, LedgerStatus, LedgerEntry, LookupCacheEntry, ApprovalRequest, DecideChoice, Card, CardWrite, CardDetail, Pending,
  Usage, FlowState, Extraction, FlowEvent, WidgetView, Effect, TraceEvent, StepResult, RuntimeLimits, StepOptions, Trial,
} from "./runtime/types.js";
export { initialState } from "./runtime/initial-state.js";
export { step } from "./runtime/step.js";
export { understandingContext } from "./runtime/understanding-context.js";
export { readTypedAnswer } from "./runtime/read-typed-answer.js";
export type { TypedAnswer } from "./runtime/read-typed-answer.js";
export { readYesNo } from "./runtime/read-yes-no.js";
export { hideSecrets } from "./runtime/hide-secrets.js";
export { notedValues } from "./runtime/noted-values.js";
export { changeNotes, type ChangeContext, type ChangedTurn } from "./runtime/change-notes.js";
export { expectedAnswer } from "./runtime/expected-answer.js";
export { nameOfKey } from "./runtime/answer-keys.js";
export type { AnswerKey } from "./runtime/answer-keys.js";
export type { HiddenSecrets } from "./runtime/hide-secrets.js";
export type { UnderstandingContext, FieldInScope } from "./runtime/understanding-context.js";
export { maskKnownSecrets, redactSecrets, redactStepResult, secretValuesOf } from "./runtime/redact.js";
export { giveKept, keptAnswers, keptFields } from "./runtime/kept-answers.js";
export type { KeptAnswer } from "./runtime/kept-answers.js";

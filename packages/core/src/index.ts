// @skillflow/core — the pure core: format, IR, checks, diagnostics, runtime step, procedure.
// Named exports only (no `export *`); test/public-api.test.ts pins this list.
export { lookup, action, isToolDefinition, TOOL_TAG } from "./tools/define.js";
export type { ToolContext, ToolSpec, ToolDefinition } from "./tools/define.js";
export type { ValueType } from "./tools/value-type.js";
export type {
  Position, Expr, Template, Shape, FieldDecl, Check, Step, StepKind, SayStep, AskStep, DoStep, ConfirmStep,
  ChatStep, WhenStep, RepeatStep, ToolKind, ToolParam, ToolInfo, Skill,
} from "./format/ir.js";
export { sortDiagnostics, hasErrors } from "./diagnostics.js";
export type { Diagnostic, Severity, Report } from "./diagnostics.js";
export type {
  Provenance, Answer, Confirmation, LedgerStatus, LedgerEntry, LookupCacheEntry, ApprovalRequest, Card, Pending,
  Usage, FlowState, Extraction, FlowEvent, WidgetView, Effect, TraceEvent, StepResult, RuntimeLimits,
} from "./runtime/types.js";

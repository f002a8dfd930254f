// @skillflow/langgraph/prove — running proof files (`flow prove`): find, run, report.
// Named exports only (no `export *`).
export { proveFiles } from "./prove-files.js";
export type { ProveSummary, ProveOutcome, ProveOptions } from "./prove-files.js";
export type { LoadedFlowSkill } from "../load-flow-skill.js";
export { ProveUsageError } from "./find-proof-files.js";
export { ProofError } from "./proof-types.js";
export { formatProofReport, proofReportJson } from "./format-proof-report.js";
export type { ProveCheck, ProofRun } from "./run-proof.js";
export type { ProofRecording } from "./run-proof.js";
export type { FieldMatch } from "./match-extractions.js";
export type { LiveModel } from "./prove-one.js";

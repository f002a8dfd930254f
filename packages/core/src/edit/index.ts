// @skillflow/core/edit — what an editor needs of SKILL.md, pure and in no protocol's terms: completion
// and hover at a cursor (from the blocks' JSON Schema and the skill's fields and tools), go to
// definition, and line diffs. `flow lsp` and the Studio both read it. Named exports only (no `export *`).
export { completeAt } from "./complete-at.js";
export { hoverAt, toolHover, fieldHover } from "./hover-at.js";
export { targetAt } from "./define-at.js";
export type { Target } from "./define-at.js";
export { formatType } from "./reference-chain.js";
export { diffLines, diffHunks, formatDiff } from "./diff-lines.js";
export type { DiffOp, DiffHunk } from "./diff-lines.js";
export type { Completion, CompletionKind, EditorPosition, EditorRange } from "./editor-types.js";

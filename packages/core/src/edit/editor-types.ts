/**
 * What an editor is offered at a cursor, in the editor's own terms and in no protocol's: 0-based lines
 * and characters (as LSP and CodeMirror's line API count them), completions with the range they replace,
 * and hover text as Markdown. `flow lsp` maps these to LSP types; the Studio to CodeMirror's. Pure data.
 */

/** A place in SKILL.md: 0-based line and character. */
export interface EditorPosition {
  line: number;
  character: number;
}

export interface EditorRange {
  start: EditorPosition;
  end: EditorPosition;
}

/** What a completion stands for (an editor picks its icon from it). */
export type CompletionKind = "key" | "value" | "field" | "tool" | "variable" | "property";

export interface Completion {
  label: string;
  kind: CompletionKind;
  /** One line beside the label: `lookup`, `write`, `optional key`, a type. */
  detail?: string;
  /** Markdown: a key's description, a tool's description, a property's. */
  documentation?: string;
  /** The text the completion puts in place of `range` (a key gets its `: `). */
  insert: string;
  range: EditorRange;
  /** Orders keys as the schema lists them (required ones first). */
  sortText?: string;
}

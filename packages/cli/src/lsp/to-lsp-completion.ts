/**
 * `@skillflow/core/edit`'s completions and hover text as LSP items: the kind as an LSP
 * `CompletionItemKind`, the documentation as Markdown, the replaced range as a text edit. Pure.
 */
import type { Completion, CompletionKind } from "@skillflow/core/edit";
import { CompletionItemKind, type CompletionItem, type Hover } from "vscode-languageserver/node";

const KINDS: Record<CompletionKind, CompletionItemKind> = {
  key: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  field: CompletionItemKind.Field,
  tool: CompletionItemKind.Function,
  variable: CompletionItemKind.Variable,
  property: CompletionItemKind.Property,
};

export function toLspCompletion(c: Completion): CompletionItem {
  return {
    label: c.label,
    kind: KINDS[c.kind],
    ...(c.detail !== undefined && { detail: c.detail }),
    ...(c.documentation !== undefined && { documentation: { kind: "markdown", value: c.documentation } }),
    ...(c.sortText !== undefined && { sortText: c.sortText }),
    textEdit: { range: c.range, newText: c.insert },
  };
}

export function toLspHover(markdown: string | undefined): Hover | null {
  return markdown ? { contents: { kind: "markdown", value: markdown } } : null;
}

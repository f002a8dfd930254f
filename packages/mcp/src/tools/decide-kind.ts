/**
 * Whether a tool from an MCP server is a lookup or a write. MCP annotations are hints from the server,
 * not promises: a tool is a lookup only when tools.ts says so (`readOnly: [name]`), or when the server
 * says `readOnlyHint: true` and tools.ts trusts that server (`trusted: true`). Everything else is a write
 * and needs a confirm above it — unless tools.ts names it a hand-off (`handoff: [name]`), which only a
 * `handoff:` step runs. Pure.
 */
import type { ToolKind } from "@skillflow/core";

export interface KindRules {
  readOnly?: readonly string[] | undefined;
  trusted?: boolean | undefined;
  handoff?: readonly string[] | undefined;
}

export function decideKind(name: string, annotations: { readOnlyHint?: boolean | undefined } | undefined, rules: KindRules): ToolKind {
  if (rules.handoff?.includes(name)) return "handoff";
  if (rules.readOnly?.includes(name)) return "lookup";
  if (rules.trusted === true && annotations?.readOnlyHint === true) return "lookup";
  return "write";
}

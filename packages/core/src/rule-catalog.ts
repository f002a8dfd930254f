/**
 * The closed catalog of rule ids. Every diagnostic Skillflow reports carries one of these ids; each is
 * documented in docs/checks.md with a failing example and the fix. Adding a rule means adding it here,
 * to docs/checks.md, and a golden fixture under test/fixtures/checks/<id>/. It sits beside
 * diagnostics.ts, not in check/: the parser, the loader and the checks all report rules from it.
 */
import type { Severity } from "./diagnostics.js";

export interface RuleInfo {
  id: RuleId;
  severity: Severity;
  /** What the rule is about, in a few words (for docs and `--format json`). */
  title: string;
}

const rules = [
  // The file itself (reported by the loader and parser).
  ["empty-file", "error", "SKILL.md is empty"],
  ["binary-file", "error", "SKILL.md is not text"],
  ["file-too-large", "error", "SKILL.md is too large to be a skill"],
  ["file-unreadable", "error", "SKILL.md or the skill folder cannot be read"],
  ["markdown-syntax", "error", "Markdown that cannot be parsed"],
  ["frontmatter-syntax", "error", "frontmatter that is not valid YAML"],
  ["frontmatter-invalid", "error", "frontmatter without a name or description, or with unknown keys"],
  ["agent-skills-name", "warning", "a name the Agent Skills format rejects, or that is not its folder's name"],
  ["agent-skills-field", "warning", "a description, compatibility, metadata or allowed-tools the Agent Skills format rejects"],
  ["yaml-syntax", "error", "a Fields, Steps, Values or Limits block that is not valid YAML"],
  ["missing-steps", "error", "no Steps block"],
  ["invalid-block", "error", "a Fields or Steps block of the wrong shape, or a second Fields, Steps or Limits section"],
  ["tools-missing", "error", "tools.ts is missing while steps use tools"],
  ["tools-syntax", "error", "tools.ts has a syntax error"],
  ["tools-throws", "error", "tools.ts throws when imported"],
  ["tools-timeout", "error", "tools.ts does not finish importing in time"],
  ["tools-shape", "error", "tools.ts does not export an array of tools"],
  ["duplicate-tool", "error", "two tools with one name"],
  ["mcp-unavailable", "error", "an MCP server in tools.ts that does not start or answer"],
  ["mcp-tool-missing", "error", "a tool tools.ts names that its MCP server does not have"],
  // Keys and shapes.
  ["unknown-step-key", "error", "a step key that is not part of the format"],
  ["unknown-field-key", "error", "a field key that is not part of the format"],
  ["unknown-shape-key", "error", "a shape option that is not part of the format"],
  ["invalid-step", "error", "a step whose value has the wrong form"],
  ["invalid-field", "error", "a field whose declaration has the wrong form"],
  ["duplicate-field", "error", "a field declared twice"],
  ["kept-field-differs", "error", "a field kept for the conversation, declared another way by another skill hosted with it"],
  // References and data flow.
  ["unknown-tool", "error", "a tool that tools.ts does not define"],
  ["unknown-field", "error", "an ask for a field that is not declared and not a pick"],
  ["unknown-reference", "error", "an unknown field or tool output in a condition, check or template"],
  ["used-before-asked", "error", "a value used before it is asked or produced on that path"],
  ["unbound-tool-input", "error", "a tool input that no step asks and no earlier tool produces"],
  ["unknown-tool-input", "error", "a `with:` key that is not an input of the tool"],
  ["ill-typed-input", "error", "a `with:` value whose type the tool input does not take"],
  ["with-on-lookup", "error", "two `do:` of one lookup with different `with:`, or a lookup's `with:` reading the lookup itself"],
  ["row-binds-asked-input", "warning", "inside a `repeat`, a row property binding a tool input of the same name as a field the skill asks"],
  ["input-type-mismatch", "error", "a write input bound from an answer of another type (one row or several)"],
  ["expression-syntax", "error", "a condition, check or template hole that cannot be parsed"],
  ["ill-typed-condition", "error", "a condition that does not type-check or is not a yes/no"],
  ["ill-typed-hole", "error", "a template hole that does not type-check"],
  ["bad-lookup-shape", "error", "`lookup:` naming a tool that is not a lookup answering `known`"],
  ["bad-from", "error", "`from:` that is not a lookup's list of objects with an `id`"],
  ["bad-repeat", "error", "`repeat` over something that is not a list"],
  ["unknown-case", "error", "a `switch` case that is not one of the values it switches on can take"],
  ["switch-not-exhaustive", "error", "a `switch` without `else:` whose cases miss a value it can take, or whose values are not known"],
  ["write-in-checked-repeat", "error", "a `repeat` with `check:` whose steps hold a write"],
  ["by-outside-confirm", "error", "`by:` on a step that is not a confirm"],
  ["widget-not-allowed", "error", "`widget:` on a step that cannot show one"],
  ["duplicate-ask", "error", "one field asked twice on one path"],
  ["duplicate-confirm", "error", "two confirms with one id"],
  ["secret-in-text", "error", "a secret field shown in a say, question or card"],
  ["secret-derived-in-text", "warning", "a text showing the output of a tool that took a secret"],
  // The write gate.
  ["ungated-write", "error", "a write reachable with no confirm above it"],
  ["unconfirmable-input", "error", "a confirmed write whose input is only known after the confirm"],
  ["approval-covers-nothing", "error", "a `confirm … by:` that releases no write on some path"],
  ["confirm-covers-nothing", "warning", "a confirm with no write below it"],
  ["duplicate-write", "warning", "a second `do:` of a write under the confirm that covers the first"],
  // Parts (`use:`).
  ["part-not-found", "error", "a `use:` naming a part file that cannot be read"],
  ["part-cycle", "error", "a part that uses itself, directly or through other parts"],
  ["part-field-clash", "error", "a field declared by a part and by the skill (or another part)"],
  ["part-write-outside", "error", "a write in a part covered by a confirm outside it"],
  // What the person reads.
  ["card-words", "warning", "a write whose confirmation card would show its raw name or an input's key"],
  // The hand-off.
  ["handoff-needs-handoff-tool", "error", "a `handoff:` naming a write or a lookup"],
  ["handoff-tool-in-do", "error", "a `do:` naming a hand-off tool"],
  ["step-after-handoff", "error", "a step after a `handoff`, which ends the conversation"],
  // Endings with a name.
  ["step-after-end", "error", "a step after an `end`, which ends the conversation"],
  ["outcome-status-differs", "error", "one outcome named by two `end` steps with different statuses"],
  ["outcome-unreached", "warning", "an `end` no way through the flow reaches"],
  ["way-without-outcome", "warning", "a way through the flow that finishes with no outcome while the skill names outcomes"],
  // The skill's limits.
  ["invalid-limits", "error", "a Limits block with a scope, measure or value the format does not have"],
  // Named values and defaults.
  ["invalid-values", "error", "a Values block entry that is not a usable name with one expression"],
  ["value-name-clash", "error", "a value named like a field, a tool, a loop variable or a gathered list"],
  ["value-cycle", "error", "a value that reads itself, directly or through other values"],
  ["ill-typed-value", "error", "a value whose expression does not type-check"],
  ["ill-typed-default", "error", "a field's `default:` that does not type-check or does not fit the field's shape"],
  ["secret-default", "error", "a field's `default:` that reads a secret or the output of a tool that took one"],
] as const satisfies ReadonlyArray<readonly [string, Severity, string]>;

export type RuleId = (typeof rules)[number][0];

export const RULES: ReadonlyMap<RuleId, RuleInfo> = new Map(
  rules.map(([id, severity, title]) => [id, { id, severity, title }]),
);

export function ruleInfo(id: RuleId): RuleInfo {
  const info = RULES.get(id);
  if (!info) throw new Error(`unknown rule id ${id}`);
  return info;
}

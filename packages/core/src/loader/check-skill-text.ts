/**
 * Putting a parsed skill and its tools together and running the semantic checks. Pure, so tests,
 * benchmarks and hosts without a disk can check a skill from its text and tool descriptions.
 *
 * The semantic checks run only on a skill with no structural errors (parse, tools.ts): a misspelt step
 * key would otherwise also show up as "unknown field" or "used before asked" further down.
 * A skill with any error is not returned: it does not load.
 */
import { checkSkill } from "../check/index.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { parseSkill, type ParseResult } from "../format/parse-skill.js";
import type { Skill, ToolInfo } from "../format/ir.js";
import { copyRecord } from "../own-value.js";

export interface CheckedSkill {
  /** Present only when there is no error (warnings are fine). */
  skill?: Skill;
  /** Sorted by file, line and column. */
  diagnostics: Diagnostic[];
}

/** Attach `tools` to the parsed skill and check it. `toolDiagnostics` are the problems of tools.ts. */
export function finishSkill(parsed: ParseResult, tools: Record<string, ToolInfo>, toolDiagnostics: Diagnostic[] = []): CheckedSkill {
  const diagnostics = [...parsed.diagnostics, ...toolDiagnostics];
  if (!parsed.skill) return { diagnostics: sortDiagnostics(diagnostics) };
  const skill: Skill = { ...parsed.skill, tools: copyRecord(tools) };
  if (!hasErrors(diagnostics)) diagnostics.push(...checkSkill(skill));
  return { ...(!hasErrors(diagnostics) && { skill }), diagnostics: sortDiagnostics(diagnostics) };
}

/** Parse SKILL.md text and check it against the given tools. */
export function checkSkillText(text: string, file: string, tools: Record<string, ToolInfo>): CheckedSkill {
  return finishSkill(parseSkill(text, file), tools);
}

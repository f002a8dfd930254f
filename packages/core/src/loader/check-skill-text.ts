/**
 * Putting a parsed skill and its tools together and running the semantic checks. Pure, so tests,
 * benchmarks and hosts without a disk can check a skill from its text and tool descriptions.
 *
 * The semantic checks run on every skill whose parse left nothing out (a misspelt step kind or shape is
 * read as the one it is closest to, and reported), so one run reports the unknown key and the problems
 * further down together. They do not run when a field or step could not be read at all, or tools.ts has
 * an error: the missing part would show up again as "unknown field", "used before asked" or "unknown
 * tool" further down.
 * A skill with any error is not returned: it does not load.
 */
import { checkSkill } from "../check/index.js";
import { hasErrors, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { parseSkill, type ParseResult } from "../format/parse-skill.js";
import type { Skill, ToolInfo } from "../format/ir.js";
import { copyRecord } from "../own-value.js";
import { withoutToolTypes } from "./check-without-tools.js";

export interface CheckedSkill {
  /** Present only when there is no error (warnings are fine). */
  skill?: Skill;
  /** Sorted by file, line and column. */
  diagnostics: Diagnostic[];
}

/**
 * Attach `tools` to the parsed skill and check it. `toolDiagnostics` are the problems of tools.ts.
 * `byName`: tools.ts did not import and `tools` were read from its text by name and kind; the checks
 * run anyway, less the findings that need the tools' types (check-without-tools.ts); `"open"`: an MCP
 * server has more tools than those read, so a tool not read is not reported unknown either.
 */
export function finishSkill(parsed: ParseResult, tools: Record<string, ToolInfo>, toolDiagnostics: Diagnostic[] = [], byName: boolean | "open" = false): CheckedSkill {
  const diagnostics = [...parsed.diagnostics, ...toolDiagnostics];
  if (!parsed.skill) return { diagnostics: sortDiagnostics(diagnostics) };
  const skill: Skill = { ...parsed.skill, tools: copyRecord(tools) };
  if (parsed.complete && byName) diagnostics.push(...withoutToolTypes(checkSkill(skill), skill, byName === "open"));
  else if (parsed.complete && !hasErrors(toolDiagnostics)) diagnostics.push(...checkSkill(skill));
  return { ...(!hasErrors(diagnostics) && { skill }), diagnostics: sortDiagnostics(diagnostics) };
}

/** Parse SKILL.md text and check it against the given tools. */
export function checkSkillText(text: string, file: string, tools: Record<string, ToolInfo>): CheckedSkill {
  return finishSkill(parseSkill(text, file), tools);
}

/**
 * Checking a skill whose tools.ts cannot be imported (a package it imports is not installed where it
 * is): against the tools read from its text by name and kind (read-tool-names.ts), every check that does
 * not need the tools' inputs and outputs still runs and reports; the ones that need them are skipped,
 * and the import error says which, and how to make them run. Pure.
 */
import type { Diagnostic } from "../diagnostics.js";
import type { RuleId } from "../rule-catalog.js";
import type { Skill } from "../format/ir.js";
import { allSteps } from "../format/parse-steps.js";
import { expressionsFor } from "../compile/compile-skill.js";

/**
 * Rules whose findings depend on the tools' inputs or output types, which a tool read by name lacks:
 * with them, a skill read by names alone would be told of problems it does not have (or would miss
 * them and be said to pass). Their findings are dropped, and the import error names them as skipped.
 */
const NEEDS_TOOL_TYPES: ReadonlySet<RuleId> = new Set<RuleId>([
  "ill-typed-condition", "ill-typed-hole", "ill-typed-input", "input-type-mismatch", "bad-from", "bad-lookup-shape",
  "bad-repeat", "unbound-tool-input", "unknown-tool-input", "unconfirmable-input", "card-words",
]);

/** The rules of a `switch`'s cases: on a tool output, its values come from the output's `z.enum`. */
const SWITCH_CASES: ReadonlySet<RuleId> = new Set<RuleId>(["switch-not-exhaustive", "unknown-case"]);

/** What is skipped, in words, for the import error's fix. */
const SKIPPED = "the types of tool outputs (in conditions, templates, `from:`, `columns:`, lookup fields and the cases of a `switch` on one), the inputs each tool is given, and the words of each write's confirmation card";

/**
 * Rules whose findings depend on knowing every tool's name and kind, which an MCP server without
 * `only:` (or one tools.ts trusts) keeps to itself: a name the skill uses may be one of its tools, and a
 * confirm may cover one of its writes.
 */
const NEEDS_ALL_NAMES: ReadonlySet<RuleId> = new Set<RuleId>(["unknown-tool", "unknown-reference", "confirm-covers-nothing"]);

/** What is skipped besides, when an MCP server's tool names are not all written in tools.ts. */
const SKIPPED_OPEN = "the names the skill uses that tools.ts does not write out (an MCP server's tools without `only:`, or a server it trusts: `unknown-tool`, `unknown-reference`) and whether each confirm covers a write (`confirm-covers-nothing`)";

/**
 * The findings of a check against tools known by name only, less those that need the tools' types;
 * `open` (an MCP server has tools not read by name), less those that need every tool's name too. Pure.
 */
export function withoutToolTypes(diagnostics: Diagnostic[], skill: Skill, open = false): Diagnostic[] {
  const onTools = switchLinesOnTools(skill);
  return diagnostics.filter((d) => !NEEDS_TOOL_TYPES.has(d.ruleId as RuleId) && !(open && NEEDS_ALL_NAMES.has(d.ruleId as RuleId))
    && !(SWITCH_CASES.has(d.ruleId as RuleId) && onTools.has(`${d.file}:${d.line}`)));
}

/** The lines of the switches that choose by a tool output (the switch and each of its cases), as `file:line`. */
function switchLinesOnTools(skill: Skill): Set<string> {
  const lines = new Set<string>();
  const exprs = expressionsFor(skill);
  for (const step of allSteps(skill.steps)) {
    if (step.kind !== "switch" || !exprs.refs(step.on).some((r) => Object.hasOwn(skill.tools, r.root))) continue;
    const file = step.pos.file ?? skill.file;
    for (const pos of [step.pos, step.on.pos, ...step.branches.map((b) => b.pos)]) lines.add(`${pos.file ?? file}:${pos.line}`);
  }
  return lines;
}

/**
 * The import error, saying what was checked without the tools and what was skipped: `byName` when the
 * tools were read from the text by name and kind (the rest of the checks ran; `"open"` when an MCP
 * server has tools tools.ts does not name), else nothing that names a tool was checked. Pure.
 */
export function sayWhatWasSkipped(diagnostic: Diagnostic, byName: boolean | "open", missing: string | undefined): Diagnostic {
  const install = missing ? `Install \`${missing}\` where the skill is (\`npm install ${missing}\` in its folder or a parent), or correct the import path` : "Fix the import";
  const checked = byName
    ? `the skill was checked against the tools named in tools.ts, but not for ${SKIPPED}${byName === "open" ? `, nor for ${SKIPPED_OPEN}` : ""}`
    : "no check that needs its tools ran (unknown tools, the write gate, tool outputs and inputs)";
  return { ...diagnostic, fix: `${install}. Until tools.ts imports, ${checked}: run flow check again once it does.` };
}

/**
 * `flow check PATH... [--format text|json | --json]`: load each skill the paths name (folders of skills
 * are searched) and report every diagnostic. Exit 0 with no error, 1 with any error, 2 for a bad
 * command line or a path that is not a skill (then, in JSON mode, a JSON error object on stdout).
 * The skills found are checked together too (they can be hosted together): `kept-field-differs`.
 */
import type { Command } from "commander";
import { checkKeptFields, hasErrors, shownPath, sortDiagnostics, type Diagnostic, type Skill } from "@skillflow/core";
import { importTimeoutOf, loadSkill, partFiles } from "@skillflow/core/loader";
import { findSkillFiles } from "../find-skill-files.js";
import { EXIT, useColor, type CliIo } from "../io.js";
import { addFormatOptions, formatOf, type FormatOptions, type OutputFormat } from "../output-format.js";
import { formatJson } from "../report/format-json.js";
import { formatText } from "../report/format-text.js";
import { reportErrors } from "../report/report-errors.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  const command = program
    .command("check")
    .description("check skills and report every problem (exit 1 on any error)")
    .argument("<paths...>", "skill folders or SKILL.md files; a folder without SKILL.md checks each skill below it");
  addFormatOptions(command).action(async (paths: string[], options: FormatOptions) => {
    context.setExitCode(await runCheck(paths, formatOf(options), context.io));
  });
}

/**
 * Check the skills under `paths` and write the report; returns the exit code. Paths that are wrong are
 * named as typed; diagnostics name files relative to the working folder when inside it, else absolute.
 */
export async function runCheck(paths: readonly string[], format: OutputFormat, io: CliIo): Promise<number> {
  const found = await findSkillFiles(paths, "check", io.cwd);
  if (found.errors.length > 0) return reportErrors(io, "check", found.errors, EXIT.usage, format === "json");
  const shown = (file: string) => shownPath(file, io.cwd);
  const importTimeoutMs = importTimeoutOf(io.env);
  const diagnostics: Diagnostic[] = [];
  const skills: Skill[] = [];
  // One reader for every skill: a part they share is read once, and a problem in it is reported once.
  const parts = partFiles();
  const seen = new Set<string>();
  for (const file of found.files) {
    const loaded = await loadSkill(file, { importTimeoutMs, parts });
    const fresh = loaded.diagnostics.filter((d) => !seen.has(JSON.stringify(d)) && seen.add(JSON.stringify(d)));
    diagnostics.push(...fresh.map((d) => ({ ...d, file: shown(d.file) })));
    if (loaded.skill) skills.push(loaded.skill);
  }
  diagnostics.push(...checkKeptFields(skills).map((d) => ({ ...d, file: shown(d.file) })));
  const sorted = sortDiagnostics(diagnostics);
  const files = found.files.map(shown);
  io.stdout.write(format === "json" ? formatJson(sorted, files) : formatText(sorted, files.length, useColor(io)));
  return hasErrors(sorted) ? EXIT.failed : EXIT.ok;
}

/**
 * `flow check PATH... [--format text|json]`: load each skill the paths name (folders of skills are
 * searched) and report every diagnostic. Exit 0 with no error, 1 with any error, 2 for a bad command
 * line or a path that does not exist.
 */
import { relative, resolve, sep } from "node:path";
import { Option, type Command } from "commander";
import { hasErrors, sortDiagnostics, type Diagnostic } from "@skillflow/core";
import { findSkills, loadSkill } from "@skillflow/core/loader";
import { EXIT, useColor, type CliIo } from "../io.js";
import { formatJson } from "../report/format-json.js";
import { formatText } from "../report/format-text.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  program
    .command("check")
    .description("check skills and report every problem (exit 1 on any error)")
    .argument("<paths...>", "skill folders or SKILL.md files; a folder without SKILL.md checks each skill below it")
    .addOption(new Option("--format <format>", "output format").choices(["text", "json"]).default("text"))
    .action(async (paths: string[], options: { format: "text" | "json" }) => {
      context.setExitCode(await runCheck(paths, options.format, context.io));
    });
}

/** Check the skills under `paths` and write the report; returns the exit code. */
export async function runCheck(paths: readonly string[], format: "text" | "json", io: CliIo): Promise<number> {
  const found = await findSkills(paths.map((path) => resolve(io.cwd, path)));
  const shown = (file: string) => relative(io.cwd, file).split(sep).join("/") || ".";
  if (found.missing.length > 0) {
    for (const path of found.missing) io.stderr.write(`flow check: path not found: ${shown(path)}\n`);
    return EXIT.usage;
  }
  if (found.files.length === 0) {
    io.stderr.write(`flow check: no SKILL.md found in ${paths.join(", ")}\n`);
    return EXIT.usage;
  }
  const diagnostics: Diagnostic[] = [];
  for (const file of found.files) {
    const loaded = await loadSkill(file);
    diagnostics.push(...loaded.diagnostics.map((d) => ({ ...d, file: shown(d.file) })));
  }
  const sorted = sortDiagnostics(diagnostics);
  const skills = found.files.map(shown);
  io.stdout.write(format === "json" ? formatJson(sorted, skills) : formatText(sorted, skills.length, useColor(io)));
  return hasErrors(sorted) ? EXIT.failed : EXIT.ok;
}

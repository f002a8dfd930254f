/**
 * `flow studio [SKILLS_DIR] [--port 8788] [--host H] [--db URL] [--model M] [--approvers FILE] [--proofs DIR…]`:
 * the Studio in a browser — SKILL.md in an editor checked as you type, the Canvas, what it proved, the
 * procedure, its proofs, the Flow page, every save a version — until SIGTERM or Ctrl-C.
 * `flow studio export SKILL [--version N] [--db URL]` writes a version back to the skill folder.
 * See docs/studio.md.
 *
 * Exit codes: 0 stopped by a signal (or exported), 1 a store or port that does not open (a version that
 * does not pass), 2 a wrong command line.
 */
import type { Command } from "commander";
import { exportVersion, type ExportOptions } from "../studio/export-version.js";
import { runStudio } from "../studio/run-studio.js";
import { DEFAULT_STUDIO_DB, DEFAULT_STUDIO_PORT, type StudioCliOptions } from "../studio/studio-options.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  const studio = program
    .command("studio")
    .description("the Studio: edit skills with a live check, the Canvas, proofs, the Flow page and versions")
    .argument("[skills-dir]", "the folder of skills to edit (default skills)")
    .option("--port <port>", `the port (default ${DEFAULT_STUDIO_PORT}; 0 picks a free one)`)
    .option("--host <host>", "the address to bind (default 127.0.0.1; elsewhere only with --approvers)")
    .option("--db <url>", `where versions are kept: a SQLite file path or postgres://… (default ${DEFAULT_STUDIO_DB})`)
    .option("--model <model>", "the Flow page's model and the one that drafts: gemini:<name>, openai:<name>, … (default: offline, and drafting needs one)")
    .option("--approvers <file>", "the approvers file: who holds the role author signs in to save; other roles approve on the Flow page")
    .option("--proofs <dir...>", "folders with the skills' proofs (default proofs/ beside the skills folder)")
    // `flow studio export … --db X`: the option is export's, not the Studio's of the same name.
    .enablePositionalOptions()
    .action(async (dir: string | undefined, options: StudioCliOptions) => {
      context.setExitCode(await runStudio(dir, options, context.io));
    });
  studio
    .command("export")
    .description("write a version kept by the Studio back to the skill's SKILL.md (default: the newest that passes)")
    .argument("<skill>", "the skill folder (or its SKILL.md)")
    .option("--version <n>", "the version to write (default: the newest that passes the check)")
    .option("--db <url>", `the Studio's database (default ${DEFAULT_STUDIO_DB})`)
    .action(async (skill: string, options: ExportOptions) => {
      context.setExitCode(await exportVersion(skill, options, context.io));
    });
}

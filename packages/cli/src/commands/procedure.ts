/**
 * `flow procedure SKILL_OR_FOLDER [-o FILE] [--format md|html]` and `flow procedure --check FILE`:
 * the skill as a procedure a person signs off, generated from SKILL.md and tools.ts with no model.
 *
 * FILE (for `-o` and `--check`): for one skill (a skill folder or a SKILL.md), a path relative to the
 * current folder; for a folder of skills, a bare file name written or checked beside each SKILL.md
 * (`flow procedure skills --check PROCEDURE.md`). `--check FILE` with no skill path checks the skill
 * in FILE's own folder. The format follows `--format`, else FILE's extension (.html), else Markdown.
 * Exit 0 when all is well, 1 on a skill with load errors, a committed procedure that no longer
 * matches or a FILE the system refuses to write, 2 for a bad command line (a FILE that is a folder or
 * in a folder that does not exist included). File-system errors are one sentence, never a stack.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { Option, type Command } from "commander";
import { hasErrors, renderProcedure, shownPath, sortDiagnostics, type ProcedureFormat } from "@skillflow/core";
import { formatDiff } from "@skillflow/core/edit";
import { importTimeoutOf, loadSkill } from "@skillflow/core/loader";
import { describeFsError, isBadPath } from "../describe-fs-error.js";
import { findSkillFiles } from "../find-skill-files.js";
import { EXIT, useColor, type CliIo } from "../io.js";
import { formatText } from "../report/format-text.js";
import type { CommandContext } from "./registry.js";

export interface ProcedureOptions {
  output?: string;
  format?: ProcedureFormat;
  check?: string;
}

export function register(program: Command, context: CommandContext): void {
  program
    .command("procedure")
    .description("write a skill as a procedure a person signs off (Markdown or HTML), or --check a committed one")
    .argument("[path]", "a skill folder or SKILL.md; a folder without SKILL.md renders each skill below it")
    .option("-o, --output <file>", "write to FILE; for a folder of skills, a file name written beside each SKILL.md")
    .addOption(new Option("--format <format>", "md or html (default: from FILE's extension, else md)").choices(["md", "html"]))
    .option("--check <file>", "exit 1 when FILE, a committed procedure, no longer matches its skill (SKILL.md beside it)")
    .action(async (path: string | undefined, options: ProcedureOptions) => {
      context.setExitCode(await runProcedure(path, options, context.io));
    });
}

class UsageError extends Error {}

interface Target { skill: string; file?: string }

const isBareName = (name: string) => basename(name) === name && name !== "." && name !== "..";

async function isFolderOfSkills(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isDirectory()) return false;
  return !(await stat(join(path, "SKILL.md")).catch(() => undefined));
}

/** Which skills to render, and for each the file to write or check (if any). */
async function targetsOf(path: string | undefined, file: string | undefined, io: CliIo): Promise<Target[]> {
  if (path === undefined) {
    if (file === undefined) throw new UsageError("give a skill folder or SKILL.md, or --check FILE");
    const committed = resolve(io.cwd, file);
    return [{ skill: join(dirname(committed), "SKILL.md"), file: committed }];
  }
  const where = resolve(io.cwd, path);
  const found = await findSkillFiles([path], "procedure", io.cwd);
  if (found.errors.length > 0) throw new UsageError(found.errors[0]!.message);
  if (!(await isFolderOfSkills(where))) return [{ skill: found.files[0]!, ...(file ? { file: resolve(io.cwd, file) } : {}) }];
  if (file !== undefined && !isBareName(file)) {
    throw new UsageError(`${path} is a folder of skills: give a file name to use beside each SKILL.md (e.g. PROCEDURE.md), not a path`);
  }
  return found.files.map((skill) => ({ skill, ...(file ? { file: join(dirname(skill), file) } : {}) }));
}

/** Render, write or check the procedures the arguments name; returns the exit code. */
export async function runProcedure(path: string | undefined, options: ProcedureOptions, io: CliIo): Promise<number> {
  const shown = (file: string) => shownPath(file, io.cwd);
  if (options.output !== undefined && options.check !== undefined) return usage(io, "use either -o or --check, not both");
  let targets: Target[];
  try {
    targets = await targetsOf(path, options.output ?? options.check, io);
  } catch (error) {
    if (error instanceof UsageError) return usage(io, error.message);
    throw error;
  }
  const formatOf = (t: Target): ProcedureFormat => options.format ?? (t.file?.toLowerCase().endsWith(".html") ? "html" : "md");
  if (!options.output && !options.check && targets.length > 1 && formatOf(targets[0]!) === "html") {
    return usage(io, "several skills as HTML need -o NAME (one page beside each SKILL.md)");
  }
  let failed = false;
  const printed: string[] = [];
  for (const target of targets) {
    const text = await generate(target.skill, formatOf(target), io, shown);
    if (text === undefined) failed = true;
    else if (options.check !== undefined) failed = !(await checkFile(target.file!, text, shown(target.skill), io, shown)) || failed;
    else if (options.output !== undefined) {
      const written = await writeFile(target.file!, text).catch((error: unknown) => error);
      if (written !== undefined) return writeFailed(io, written, shown(target.file!));
      io.stdout.write(`wrote ${shown(target.file!)}\n`);
    } else printed.push(text);
  }
  io.stdout.write(printed.join("\n"));
  return failed ? EXIT.failed : EXIT.ok;
}

function usage(io: CliIo, message: string): number {
  io.stderr.write(`flow procedure: ${message}\n`);
  return EXIT.usage;
}

/** `-o FILE` could not be written: a path that cannot be a file is a usage error (2), a refusal a failure (1). */
function writeFailed(io: CliIo, error: unknown, file: string): number {
  const message = describeFsError(error, { verb: "write", path: file });
  if (message === undefined) throw error;
  io.stderr.write(`flow procedure: ${message}\n`);
  return isBadPath(error) ? EXIT.usage : EXIT.failed;
}

/** The procedure of one skill, or undefined (after printing its diagnostics) when it does not load. */
async function generate(file: string, format: ProcedureFormat, io: CliIo, shown: (f: string) => string): Promise<string | undefined> {
  const loaded = await loadSkill(file, { importTimeoutMs: importTimeoutOf(io.env) });
  const diagnostics = sortDiagnostics(loaded.diagnostics.map((d) => ({ ...d, file: shown(d.file) })));
  if (diagnostics.length > 0 && (hasErrors(diagnostics) || !loaded.skill)) {
    io.stderr.write(formatText(diagnostics, 1, useColor(io)));
  }
  return loaded.skill && !hasErrors(diagnostics) ? renderProcedure(loaded.skill, format) : undefined;
}

/** Compare a committed procedure with the generated one; prints the verdict (and a diff). */
async function checkFile(file: string, generated: string, skill: string, io: CliIo, shown: (f: string) => string): Promise<boolean> {
  const committed = await readFile(file, "utf8").catch((error: unknown) => error as Error & { code?: string });
  if (typeof committed !== "string" && committed.code !== "ENOENT") {
    io.stdout.write(`${describeFsError(committed, { verb: "read", path: shown(file) }) ?? `${shown(file)}: ${committed.message}`}\n`);
    return false;
  }
  if (typeof committed !== "string") {
    io.stdout.write(`${shown(file)}: missing; write it with: flow procedure ${skill.replace(/\/SKILL\.md$/, "")} -o ${shown(file)}\n`);
    return false;
  }
  if (committed === generated) {
    io.stdout.write(`${shown(file)}: up to date\n`);
    return true;
  }
  io.stdout.write(`${shown(file)}: out of date with ${skill}; regenerate it with: flow procedure ${skill.replace(/\/SKILL\.md$/, "")} -o ${shown(file)}\n`);
  io.stdout.write(formatDiff(committed, generated, `${shown(file)} (committed)`, `${shown(file)} (generated from ${skill})`));
  return false;
}

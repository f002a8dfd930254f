/**
 * `flow studio export SKILL [--version N] [--db URL]`: write a version kept by the Studio back to the
 * skill folder's SKILL.md, for a pull request. Without `--version`, the newest version that passes (the
 * one `flow serve --studio-db` runs). A version is checked again with today's tools.ts before it is
 * written, and nothing that fails the check is written: a draft, or a version that no longer loads.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { hasErrors, shownPath, sortDiagnostics } from "@skillflow/core";
import { loadSkillText } from "@skillflow/core/loader";
import { EXIT, useColor, type CliIo } from "../io.js";
import { formatText } from "../report/format-text.js";
import { openVersions } from "./open-versions.js";
import { DEFAULT_STUDIO_DB } from "./studio-options.js";

export interface ExportOptions {
  version?: string;
  db?: string;
}

export async function exportVersion(target: string, options: ExportOptions, io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => (io.stderr.write(`flow studio export: ${message}\n`), code);
  const full = resolve(io.cwd, target);
  const info = await stat(full).catch(() => undefined);
  if (!info) return fail(`path not found: ${target}`, EXIT.usage);
  const file = info.isDirectory() ? join(full, "SKILL.md") : full;
  if (basename(file) !== "SKILL.md" || !(await stat(file).then((s) => s.isFile(), () => false))) return fail(`${target} is not a skill folder (no SKILL.md in it)`, EXIT.usage);
  const number = options.version === undefined ? undefined : Number(options.version);
  if (number !== undefined && (!Number.isInteger(number) || number < 1)) return fail(`--version is a version number from 1, not "${options.version}"`, EXIT.usage);
  const opened = await openVersions(options.db ?? DEFAULT_STUDIO_DB, io.cwd, "--db");
  if (!opened.ok) return fail(opened.message, opened.exitCode);
  const key = basename(dirname(file));
  try {
    const version = number === undefined ? await opened.store.versions.latestPassing(key) : await opened.store.versions.get(key, number);
    if (!version) return fail(number === undefined ? `no version of ${key} in ${opened.shown} passes the check: nothing to export` : `${key} has no version ${number} in ${opened.shown}`, EXIT.failed);
    if (!version.passes) return fail(`version ${version.number} of ${key} is a draft that fails the check (${version.errors} error${version.errors === 1 ? "" : "s"}): export a version that passes`, EXIT.failed);
    const loaded = await loadSkillText(file, version.content);
    if (!loaded.skill || hasErrors(loaded.diagnostics)) {
      io.stderr.write(formatText(sortDiagnostics(loaded.diagnostics.map((d) => ({ ...d, file: shownPath(d.file, io.cwd) }))), 1, useColor(io)));
      return fail(`version ${version.number} of ${key} no longer passes the check with today's tools.ts (above): nothing was written`, EXIT.failed);
    }
    const before = await readFile(file, "utf8");
    const shown = shownPath(file, io.cwd);
    if (before === version.content) {
      io.stdout.write(`${shown} is already version ${version.number} (${version.author}, ${version.createdAt})\n`);
      return EXIT.ok;
    }
    await writeFile(file, version.content);
    io.stdout.write(`wrote ${shown} from version ${version.number} (${version.author}, ${version.createdAt})\n`);
    return EXIT.ok;
  } finally {
    await opened.store.close();
  }
}

/**
 * `flow draft "SENTENCE" [--tools FILE] [-o DIR] [--model M] [--rounds N] [--force]`: a model drafts
 * SKILL.md for the tools of FILE (written beside it), or, without `--tools`, SKILL.md and typed tool
 * stubs that throw "not implemented" (written to DIR); the loader checks each draft and its located
 * diagnostics go back to the model, at most N rounds (default 3). Only a draft that passes is written;
 * otherwise the last draft and its diagnostics are printed and nothing is written (exit 1).
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { shownPath } from "@skillflow/core";
import { importTimeoutOf, importToolsBeside } from "@skillflow/core/loader";
import type { DraftModel, DraftRound } from "@skillflow/studio";
import { EXIT, type CliIo } from "../io.js";

export interface DraftCliOptions {
  tools?: string;
  out?: string;
  model?: string;
  rounds?: string;
  force?: boolean;
}

const MAX_ROUNDS = 10;

/** Draft with `model` (resolved from `--model` when not given); returns the exit code. */
export async function runDraft(sentence: string, options: DraftCliOptions, io: CliIo, model?: DraftModel): Promise<number> {
  const fail = (message: string, code: number) => (io.stderr.write(`flow draft: ${message}\n`), code);
  if (!sentence.trim()) return fail('say in one sentence what the skill should do, e.g. flow draft "Refund one item of an order" --tools skills/x/tools.ts', EXIT.usage);
  const rounds = options.rounds === undefined ? undefined : Number(options.rounds);
  if (rounds !== undefined && (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)) return fail(`--rounds is a whole number from 1 to ${MAX_ROUNDS}, not "${options.rounds}"`, EXIT.usage);
  const target = await targetOf(options, io.cwd);
  if (!target.ok) return fail(target.message, EXIT.usage);
  const st = await import("@skillflow/studio");
  if (!model) {
    const lg = await import("@skillflow/langgraph/models");
    try {
      model = await st.resolveDraftModel(options.model, io.env);
    } catch (error) {
      if (!lg.isModelSetupError(error)) throw error;
      return fail(error.message, EXIT.usage);
    }
  }
  const file = join(target.folder, "SKILL.md");
  const tools = target.toolsFile ? await importToolsBeside(file, { importTimeoutMs: importTimeoutOf(io.env) }) : undefined;
  const toolErrors = tools?.collected.diagnostics.filter((d) => d.severity === "error") ?? [];
  if (toolErrors.length) return fail(`${shownPath(target.toolsFile!, io.cwd)} does not load: ${toolErrors[0]!.reason} (flow check shows every problem)`, EXIT.failed);
  io.stdout.write(`drafting with ${model.id}, at most ${rounds ?? st.DEFAULT_ROUNDS} rounds${tools ? `, for the tools of ${shownPath(target.toolsFile!, io.cwd)}` : ", with tool stubs"}\n`);
  const result = await st.draftSkill({ sentence, model, file, ...(tools && { tools }), ...(rounds !== undefined && { rounds }) });
  for (const round of result.rounds) io.stdout.write(describeRound(round));
  if (!result.passes) {
    io.stdout.write(`\nThe last draft (round ${result.last.round}):\n${result.last.skill}`);
    return fail(`no draft passed the check in ${result.rounds.length} round${result.rounds.length === 1 ? "" : "s"}; nothing was written`, EXIT.failed);
  }
  await mkdir(target.folder, { recursive: true });
  await writeFile(file, result.last.skill);
  io.stdout.write(`wrote ${shownPath(file, io.cwd)}\n`);
  if (result.last.tools) {
    await writeFile(join(target.folder, "tools.ts"), result.last.tools.source);
    io.stdout.write(`wrote ${shownPath(join(target.folder, "tools.ts"), io.cwd)} (stubs: each tool throws until it is written)\n`);
  }
  return EXIT.ok;
}

function describeRound(round: DraftRound): string {
  const errors = round.diagnostics.filter((d) => d.severity === "error").length;
  const head = round.passes ? `round ${round.round}: passes the check` : `round ${round.round}: refused, ${errors} error${errors === 1 ? "" : "s"}`;
  const lines = round.diagnostics.map((d) => `  ${d.file}:${d.line}:${d.column} ${d.severity} ${d.ruleId}: ${d.reason}${d.fix ? ` ${d.fix}` : ""}`);
  return `${[head, ...lines].join("\n")}\n`;
}

type Target = { ok: true; folder: string; toolsFile?: string } | { ok: false; message: string };

/** Where the draft goes: beside `--tools`, or into `-o DIR` (with stubs); never over a skill unless --force. */
async function targetOf(options: DraftCliOptions, cwd: string): Promise<Target> {
  const exists = (path: string) => stat(path).then(() => true, () => false);
  if (options.tools !== undefined) {
    const toolsFile = resolve(cwd, options.tools);
    if (!(await stat(toolsFile).then((s) => s.isFile(), () => false))) return { ok: false, message: `tools file not found: ${options.tools}` };
    if (!/^tools\.[cm]?[tj]s$/.test(basename(toolsFile))) return { ok: false, message: `--tools names a skill's tools.ts, not ${options.tools}` };
    const folder = dirname(toolsFile);
    if (options.out !== undefined && resolve(cwd, options.out) !== folder) return { ok: false, message: "with --tools the draft goes beside that tools.ts (the loader reads tools.ts from the skill's folder): leave out -o" };
    if (!options.force && (await exists(join(folder, "SKILL.md")))) return { ok: false, message: `${shownPath(join(folder, "SKILL.md"), cwd)} exists: pass --force to replace it (flow studio keeps versions)` };
    return { ok: true, folder, toolsFile };
  }
  if (options.out === undefined) return { ok: false, message: "give --tools FILE (a skill's tools.ts), or -o DIR to draft a new skill there with tool stubs" };
  const folder = resolve(cwd, options.out);
  for (const name of ["SKILL.md", "tools.ts"]) {
    if (!options.force && (await exists(join(folder, name)))) return { ok: false, message: `${shownPath(join(folder, name), cwd)} exists: pass --force to replace it, or draft for its tools with --tools` };
  }
  return { ok: true, folder };
}

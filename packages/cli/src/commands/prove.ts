/**
 * `flow prove PATH... [--model SPEC [--record]] [--json | --format text|json]`: run proof files (a file,
 * or every `*.proof.yaml` / `prove.yaml` under a folder) through the LangGraph host with the scripted
 * model, and again with the cassette beside a proof when there is one (replayed offline). With
 * `--model`, against that model instead of the scripted replies, printing per proof how often its
 * extraction matched the scripted one; `--record` also writes each passing proof's cassette. One line
 * per check, then `N passed, N failed`. Exit 0 when all pass, 1 on any failure, 2 for a bad command line,
 * a missing path, a model that cannot be set up, or a proof file or cassette that does not parse (a
 * located sentence, no stack trace; in JSON mode, also a JSON error object on stdout). A proof that does
 * not parse does not stop the others: every proof that parses runs and is reported, then each that
 * could not run, and the exit is 2 (in JSON mode one object: the report with `version`, `exitCode` and `errors`).
 */
import type { Command } from "commander";
import { importTimeoutOf } from "@skillflow/core/loader";
import type { LiveModel } from "@skillflow/langgraph/prove";
import { EXIT, useColor, type CliIo } from "../io.js";
import { addFormatOptions, formatOf, type FormatOptions } from "../output-format.js";
import { reportErrors } from "../report/report-errors.js";
import type { CommandContext } from "./registry.js";

interface ProveFlags extends FormatOptions {
  model?: string;
  record?: boolean;
}

/** What `--model` and `--record` ask for. */
export interface ProveModelFlags {
  model?: string | undefined;
  record?: boolean | undefined;
}

export function register(program: Command, context: CommandContext): void {
  const command = program
    .command("prove")
    .description("run proofs: scripted conversations checked against the runtime (exit 1 on any failure)")
    .argument("<paths...>", "proof files, or folders holding *.proof.yaml / prove.yaml files")
    .option("--model <spec>", "run the user lines through this model (gemini:<name>, …) instead of the scripted replies")
    .option("--record", "with --model: write each passing proof's replies to <proof>.cassette.json, replayed by flow prove");
  addFormatOptions(command).action(async (paths: string[], options: ProveFlags) => {
    const flags = { model: options.model, record: options.record };
    context.setExitCode(await runProve(paths, formatOf(options) === "json", context.io, flags));
  });
}

/** Prove the files under `paths` and write the report; returns the exit code. */
export async function runProve(paths: readonly string[], json: boolean, io: CliIo, flags: ProveModelFlags = {}): Promise<number> {
  const { proveFiles, ProveUsageError, formatProofReport, proofReportJson } = await import("@skillflow/langgraph/prove");
  const live = await liveModel(flags, io.env);
  if (!live.ok) return reportErrors(io, "prove", [{ message: live.message }], EXIT.usage, json);
  let outcome: Awaited<ReturnType<typeof proveFiles>>;
  try {
    outcome = await proveFiles([...paths], io.cwd, { importTimeoutMs: importTimeoutOf(io.env), model: live.model });
  } catch (error) {
    if (!(error instanceof ProveUsageError)) throw error;
    return reportErrors(io, "prove", [{ message: error.message }], EXIT.usage, json);
  }
  const { summary } = outcome;
  if (!outcome.ok) {
    // Every proof that parses has run: its report first, then each proof that could not run, located.
    const errors = outcome.errors.map((e) => ({ message: e.reason, file: e.file, line: e.line, column: e.column }));
    if (!json && summary.runs.length) io.stdout.write(formatProofReport(summary, useColor(io)));
    const code = reportErrors(io, "prove", errors, EXIT.usage, false);
    if (json) io.stdout.write(proofReportJson(summary, { exitCode: code, errors }));
    return code;
  }
  io.stdout.write(json ? proofReportJson(summary) : formatProofReport(summary, useColor(io)));
  return summary.failed > 0 ? EXIT.failed : EXIT.ok;
}

/** The model `--model` names (none without it); a usage problem as one sentence. */
async function liveModel(flags: ProveModelFlags, env: CliIo["env"]): Promise<{ ok: true; model?: LiveModel } | { ok: false; message: string }> {
  const spec = flags.model?.trim();
  if (!spec) return flags.record ? { ok: false, message: "--record needs --model, the model to record (e.g. --model gemini:gemini-2.5-flash)" } : { ok: true };
  if (flags.record && spec.toLowerCase() === "offline") {
    return { ok: false, message: "--record records a real model's replies; the offline extractor needs no cassette (use --model gemini:<name>)" };
  }
  const { resolveModel, isModelSetupError } = await import("@skillflow/langgraph/models");
  try {
    return { ok: true, model: { port: await resolveModel(spec, env), record: flags.record === true } };
  } catch (error) {
    if (!isModelSetupError(error)) throw error;
    return { ok: false, message: error.message };
  }
}

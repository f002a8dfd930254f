/**
 * `flow prove PATH... [--json | --format text|json]`: run proof files (a file, or every `*.proof.yaml` /
 * `prove.yaml` under a folder) through the LangGraph host with the scripted model. One line per check,
 * then `N passed, N failed`. Exit 0 when all pass, 1 on any failure, 2 for a bad command line, a missing
 * path or a proof file that does not parse (a located sentence, no stack trace; in JSON mode, also a
 * JSON error object on stdout).
 */
import type { Command } from "commander";
import { importTimeoutOf } from "@skillflow/core/loader";
import { EXIT, useColor, type CliIo } from "../io.js";
import { addFormatOptions, formatOf, type FormatOptions } from "../output-format.js";
import { reportErrors } from "../report/report-errors.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  const command = program
    .command("prove")
    .description("run proofs: scripted conversations checked against the runtime (exit 1 on any failure)")
    .argument("<paths...>", "proof files, or folders holding *.proof.yaml / prove.yaml files");
  addFormatOptions(command).action(async (paths: string[], options: FormatOptions) => {
    context.setExitCode(await runProve(paths, formatOf(options) === "json", context.io));
  });
}

/** Prove the files under `paths` and write the report; returns the exit code. */
export async function runProve(paths: readonly string[], json: boolean, io: CliIo): Promise<number> {
  const { proveFiles, ProveUsageError, formatProofReport, proofReportJson } = await import("@skillflow/langgraph/prove");
  let outcome: Awaited<ReturnType<typeof proveFiles>>;
  try {
    outcome = await proveFiles([...paths], io.cwd, { importTimeoutMs: importTimeoutOf(io.env) });
  } catch (error) {
    if (!(error instanceof ProveUsageError)) throw error;
    return reportErrors(io, "prove", [{ message: error.message }], EXIT.usage, json);
  }
  if (!outcome.ok) {
    const errors = outcome.errors.map((e) => ({ message: e.reason, file: e.file, line: e.line, column: e.column }));
    return reportErrors(io, "prove", errors, EXIT.usage, json);
  }
  const { summary } = outcome;
  io.stdout.write(json ? proofReportJson(summary) : formatProofReport(summary, useColor(io)));
  return summary.failed > 0 ? EXIT.failed : EXIT.ok;
}

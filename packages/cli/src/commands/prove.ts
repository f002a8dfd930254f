/**
 * `flow prove PATH... [--json]`: run proof files (a file, or every `*.proof.yaml` / `prove.yaml` under a
 * folder) through the LangGraph host with the scripted model. One line per check, then
 * `N passed, N failed`. Exit 0 when all pass, 1 on any failure, 2 for a bad command line, a missing path
 * or a proof file that does not parse (a located sentence, no stack trace).
 */
import type { Command } from "commander";
import { EXIT, useColor, type CliIo } from "../io.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  program
    .command("prove")
    .description("run proofs: scripted conversations checked against the runtime (exit 1 on any failure)")
    .argument("<paths...>", "proof files, or folders holding *.proof.yaml / prove.yaml files")
    .option("--json", "print the report as JSON")
    .action(async (paths: string[], options: { json?: boolean }) => {
      context.setExitCode(await runProve(paths, Boolean(options.json), context.io));
    });
}

/** Prove the files under `paths` and write the report; returns the exit code. */
export async function runProve(paths: readonly string[], json: boolean, io: CliIo): Promise<number> {
  const { proveFiles, ProveUsageError, formatProofReport, proofReportJson } = await import("@skillflow/langgraph");
  let outcome: Awaited<ReturnType<typeof proveFiles>>;
  try {
    outcome = await proveFiles([...paths], io.cwd);
  } catch (error) {
    if (!(error instanceof ProveUsageError)) throw error;
    io.stderr.write(`flow prove: ${error.message}\n`);
    return EXIT.usage;
  }
  if (!outcome.ok) {
    for (const error of outcome.errors) io.stderr.write(`${error.message}\n`);
    return EXIT.usage;
  }
  const { summary } = outcome;
  io.stdout.write(json ? proofReportJson(summary) : formatProofReport(summary, useColor(io)));
  return summary.failed > 0 ? EXIT.failed : EXIT.ok;
}

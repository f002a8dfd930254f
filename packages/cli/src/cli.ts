/**
 * `cli(argv, io)`: the whole `flow` command line as a function from arguments and injected streams to
 * an exit code. Only the command being run is imported (see commands/registry.ts).
 */
import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { shortenNames } from "@skillflow/core/text";
import { COMMANDS, type CommandContext } from "./commands/registry.js";
import { describeFsError } from "./describe-fs-error.js";
import { EXIT, type CliIo } from "./io.js";
import { asksForJson } from "./output-format.js";
import { formatJsonError } from "./report/format-json-error.js";
import { reportErrors } from "./report/report-errors.js";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

export async function cli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const context: CommandContext = { io, setExitCode: (code) => void (exitCode = code) };
  const program = new Command("flow")
    .description("Run agent skills written as one SKILL.md file.")
    .version(version, "-V, --version")
    .exitOverride()
    .showSuggestionAfterError()
    // Options belong to the command they follow (`flow studio export … --db X` is export's --db).
    .enablePositionalOptions();
  const wanted = argv[0] === "help" ? argv[1] : argv[0];
  const known = COMMANDS.some((entry) => entry.name === wanted);
  let usage = "";
  program.configureOutput({
    writeOut: (s) => void io.stdout.write(s),
    writeErr: (s) => void io.stderr.write(s),
    // Commander's `error: …` in the form every other error has, on one line: `flow CMD: …`, with the
    // suggestion and how the command's line goes after it.
    outputError: (s, write) => {
      const said = shortenNames(oneLine(s)).replace(/^error: /, known ? `flow ${wanted}: ` : "flow: ");
      write(`${said}${usage && !/[.?!]$/.test(said) ? "." : ""}${usage}\n`);
    },
  });
  for (const entry of COMMANDS) {
    if (entry.name === wanted) (await entry.load()).register(program, context);
    else program.command(entry.name).description(entry.summary).allowUnknownOption().allowExcessArguments();
  }
  const command = program.commands.find((c) => c.name() === wanted);
  // A mistake on a command's line is followed by how the line goes, on the same line.
  if (command) usage = ` Usage: flow ${command.name()} ${command.usage()}`;
  const json = Boolean(command?.options.some((option) => option.long === "--json")) && asksForJson(argv);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    return failed(error, io, json);
  }
}

/**
 * What escaped the command: a wrong command line (commander has printed why; exit 2), a file-system
 * problem (one sentence; exit 1), or a bug (`internal error`, with the stack under FLOW_DEBUG). In JSON
 * mode a JSON error object also goes to stdout.
 */
function failed(error: unknown, io: CliIo, json: boolean): number {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return EXIT.ok;
    if (json) io.stdout.write(formatJsonError(EXIT.usage, [{ message: shortenNames(oneLine(error.message)).replace(/^error: /, "") }]));
    return EXIT.usage;
  }
  const problem = describeFsError(error);
  if (problem !== undefined) return reportErrors(io, "", [{ message: problem }], EXIT.failed, json);
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`flow: internal error: ${message}\n`);
  if (io.env.FLOW_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
  if (json) io.stdout.write(formatJsonError(EXIT.failed, [{ message: `internal error: ${message}` }]));
  return EXIT.failed;
}

/** Commander's message as one sentence or two: its suggestion ("(Did you mean --format?)") joined on. Pure. */
function oneLine(message: string): string {
  return message.trimEnd().replace(/\n\(Did you mean (.+)\?\)$/, ". Did you mean $1?").replace(/\s*\n\s*/g, " ");
}

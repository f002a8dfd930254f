/**
 * `cli(argv, io)`: the whole `flow` command line as a function from arguments and injected streams to
 * an exit code. Only the command being run is imported (see commands/registry.ts).
 */
import { createRequire } from "node:module";
import { Command, CommanderError } from "commander";
import { COMMANDS, type CommandContext } from "./commands/registry.js";
import { EXIT, type CliIo } from "./io.js";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

export async function cli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode: number = EXIT.ok;
  const context: CommandContext = { io, setExitCode: (code) => void (exitCode = code) };
  const program = new Command("flow")
    .description("Run agent skills written as one SKILL.md file.")
    .version(version, "-V, --version")
    .exitOverride()
    .configureOutput({ writeOut: (s) => void io.stdout.write(s), writeErr: (s) => void io.stderr.write(s) })
    .showSuggestionAfterError();
  const wanted = argv[0] === "help" ? argv[1] : argv[0];
  for (const entry of COMMANDS) {
    if (entry.name === wanted) (await entry.load()).register(program, context);
    else program.command(entry.name).description(entry.summary).allowUnknownOption().allowExcessArguments();
  }
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`flow: internal error: ${message}\n`);
    if (io.env.FLOW_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return EXIT.failed;
  }
}

/**
 * `flow lsp --stdio`: the SKILL.md language server, speaking LSP over stdin/stdout (the only transport).
 * Diagnostics are `flow check`'s; completion, hover, go to definition and quick fixes come from the
 * format's definitions and the skill's tools. Everything for people goes to stderr: stdout is the
 * protocol. See docs/editors.md.
 *
 * Exit codes: 0 after the client's `shutdown` and `exit`, 1 when stdin closes without them (as
 * vscode-languageserver does), 2 without `--stdio`.
 */
import type { Command } from "commander";
import { EXIT, type CliIo } from "../io.js";
import type { CommandContext } from "./registry.js";

export function register(program: Command, context: CommandContext): void {
  program
    .command("lsp")
    .description("run the SKILL.md language server for editors (LSP over stdio)")
    .option("--stdio", "speak the Language Server Protocol on stdin and stdout")
    .action(async (options: { stdio?: boolean }) => {
      context.setExitCode(await runLsp(options, context.io));
    });
}

export async function runLsp(options: { stdio?: boolean }, io: CliIo): Promise<number> {
  if (!options.stdio || !io.stdin) {
    io.stderr.write("flow lsp: --stdio is required: the server speaks LSP on stdin and stdout (e.g. `flow lsp --stdio` as the editor's server command)\n");
    return EXIT.usage;
  }
  const { serveLsp } = await import("../lsp/serve-lsp.js");
  return serveLsp(io.stdin, io.stdout as NodeJS.WritableStream, io);
}

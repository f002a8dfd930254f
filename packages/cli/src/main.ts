/** The `flow` binary's entry: parse argv, run a command, return the exit code. */
export async function main(argv: string[]): Promise<number> {
  process.stdout.write(`flow: not implemented yet (${argv.join(" ")})\n`);
  return 2;
}

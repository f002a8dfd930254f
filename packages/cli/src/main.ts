/** The `flow` binary's entry: the real process streams around `cli`. bin/flow.js calls it. */
import { cli } from "./cli.js";
import { followNpmParent } from "./follow-npm-parent.js";

export async function main(argv: string[]): Promise<number> {
  followNpmParent(process.env);
  return cli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    stdin: process.stdin,
  });
}

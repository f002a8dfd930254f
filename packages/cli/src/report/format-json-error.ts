/**
 * The machine report of a command that could not run — a wrong command line, a path that does not
 * exist, a proof file that does not parse, a file that cannot be written — printed on stdout in JSON
 * mode (`--format json` / `--json`) so a program reading stdout always gets JSON. Pure. Shape (stable,
 * versioned): `{ version: 1, exitCode, errors: [{ message, file?, line?, column? }] }`.
 */

/** One error: a sentence, and where it is when it is in a file. */
export interface CommandError {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export function formatJsonError(exitCode: number, errors: readonly CommandError[]): string {
  return `${JSON.stringify({ version: 1, exitCode, errors }, null, 2)}\n`;
}

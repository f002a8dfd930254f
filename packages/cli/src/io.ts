/**
 * What a command may touch of the outside world: injected, so the CLI runs in memory in tests.
 */
export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Paths given on the command line are relative to this folder, and so are printed paths. */
  cwd: string;
  /** Color only on a terminal. */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** What the person types (`flow chat`); absent for commands that read no input. */
  stdin?: ChatInput;
}

/** A readable stream of typed or piped text; `isTTY` and `setRawMode` are there on a terminal. */
export type ChatInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

/**
 * Exit codes: 0 all good, 1 the command found problems (or failed), 2 the command line was wrong,
 * 130 stopped by Ctrl-C (what shells report for SIGINT).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Color is used on a terminal unless NO_COLOR is set. */
export function useColor(io: CliIo): boolean {
  return io.isTTY && !io.env.NO_COLOR;
}

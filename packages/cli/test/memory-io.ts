/** In-memory streams for running `cli()` in tests. */
import type { CliIo } from "../src/io.js";

export function memoryIo(cwd: string, options: { isTTY?: boolean; env?: Record<string, string> } = {}) {
  let out = "";
  let err = "";
  const io: CliIo = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    cwd,
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
  };
  return { io, stdout: () => out, stderr: () => err };
}

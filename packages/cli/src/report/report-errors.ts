/**
 * Printing what stopped a command: each error on stderr (`flow CMD: message`, or `file:line:column:
 * message` when it is in a file) and, in JSON mode, one JSON error object on stdout. The edge of the
 * reporters: writes to the injected streams.
 */
import { shortName, shortenNames } from "@skillflow/core/text";
import type { CliIo } from "../io.js";
import { formatJsonError, type CommandError } from "./format-json-error.js";

/** Report `errors` for `flow command` (`""`: for `flow` itself); returns `exitCode`, for `return reportErrors(…)`. */
export function reportErrors(io: CliIo, command: string, errors: readonly CommandError[], exitCode: number, json: boolean): number {
  const prefix = command ? `flow ${command}: ` : "flow: ";
  // A long name (a path, a proof's field) is cut in the sentence, as in every message.
  const shown = errors.map((error) => ({ ...error, message: shortenNames(error.message) }));
  for (const error of shown) {
    const where = error.file === undefined ? prefix : `${shortName(error.file)}:${error.line ?? 1}:${error.column ?? 1}: `;
    io.stderr.write(`${where}${error.message}\n`);
  }
  if (json) io.stdout.write(formatJsonError(exitCode, shown));
  return exitCode;
}

/**
 * A position computed from another (an offset inside an expression) stays in the same file: a line of a
 * part (`use:`) is reported in the part. Pure.
 */
import type { Position } from "./ir.js";

/** `at`, in the file `base` was written in. */
export function inFileOf(base: Position, at: Position): Position {
  return base.file === undefined ? at : { ...at, file: base.file };
}

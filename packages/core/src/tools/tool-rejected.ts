/**
 * `ToolRejected`: how a write says "nothing was done". Any other failure of a write — a throw, a
 * timeout, a crash — leaves it *in doubt*: it may have run, so the runtime retries it only with the same
 * inputs and the same idempotency key, and refuses changes to those inputs until it settles. A tool that
 * throws `ToolRejected` is a plain failure: a correction may change its inputs before the next yes.
 * Recognised by a global symbol (and its name), so a tools.ts loaded against another copy of this package
 * is recognised too.
 */
export const TOOL_REJECTED_TAG = Symbol.for("skillflow.toolRejected");

export class ToolRejected extends Error {
  override name = "ToolRejected";
  readonly [TOOL_REJECTED_TAG] = true;
}

/** True for a `ToolRejected` from any copy of this package. */
export function isToolRejected(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  return (error as Record<symbol, unknown>)[TOOL_REJECTED_TAG] === true || (error as Error).name === "ToolRejected";
}

/**
 * Runs that arrive in one turn of the event loop start their turns together.
 *
 * Each request reaches the server in its own socket callback, and a turn needs no I/O of its own on
 * SQLite with a scripted or cached answer, so without a gate every run goes from start to end before
 * the next request's callback is read. A turn passes through a lot of code (LangGraph, the
 * checkpointer, the runtime, SQLite); one run at a time walks all of it once per turn, and the CPU's
 * caches keep little of it from one turn to the next. Runs let through together interleave at every
 * await instead: each piece of code runs for all of them while it is still cached. Measured on the
 * trip story with 50 conversations at once (`npm run bench:serve`; docs/serve.md), this spends about a
 * quarter less CPU per turn. The gate costs one pass of the event loop (`setImmediate`) per run, and a
 * run alone passes it as soon as the loop turns. It is `node:timers`' own `setImmediate`, which the
 * fake timers of a host's tests (vitest, jest) do not replace: their runs still start.
 */
import { setImmediate } from "node:timers";

export type StartGate = () => Promise<void>;

export function createStartGate(): StartGate {
  let open: Promise<void> | undefined;
  return () => (open ??= new Promise<void>((resolve) => setImmediate(() => {
    open = undefined;
    resolve();
  })));
}

/**
 * Whether a conversation's stored graph run was left unfinished by a crash. LangGraph's
 * `getState().next` cannot tell: it leaves out every task whose writes were saved before the crash —
 * the act node that ran a write and was killed before the next checkpoint, the input step of a press —
 * so an empty `next` can hide a Pay turn stopped between two bookings. `tasks` lists every task still
 * due, with or without saved writes.
 *
 * A write the host runs is always part of such a run: the replay stores the write's `started` ledger
 * entry in the same checkpoint as the `call` it hands to the act node, so a write whose outcome the
 * ledger leaves open (started, with an effect that may have happened) always comes with a run to finish,
 * and finishing it re-sends the write with the same idempotency key. Pure.
 */

/** The part of a LangGraph `StateSnapshot` read here. */
export interface StoredRun {
  tasks: ReadonlyArray<{ name: string; error?: unknown }>;
}

/**
 * True when the stored run has tasks left. A run whose task failed with an error (a model call that
 * threw) counts only with `failed: true`: `resume` retries it, a new event replaces it.
 */
export function isInterrupted(run: StoredRun, options: { failed: boolean }): boolean {
  if (run.tasks.length === 0) return false;
  return options.failed || !run.tasks.some((task) => task.error !== undefined);
}

/**
 * What a flow keeps between person events, so its state does not grow with the conversation
 * (docs/design.md, "Bounded state"). Run by `step` once a replay has stopped at a person, an error or the
 * end — never while a tool call is pending (the turn, or a trial, is still reading its lookups).
 *
 * The lookup cache keeps every entry that replay read (the replay of the next event reads them again), and
 * of the rest, per tool, the most recent ones up to `KEEP_PER_TOOL` entries in all — so a correction back
 * to a recent value is answered from the cache — leaving out failed entries and results whose JSON is
 * longer than `MAX_KEPT_RESULT_CHARS`. Pure over the run.
 */
import { canonicalJson } from "./digest.js";
import { drop } from "./propose-value.js";
import type { Run } from "./run-context.js";
import type { FlowState, LookupCacheEntry } from "./types.js";

/** Entries of one tool kept in all (those read on the path count; they are kept even past this number). */
export const KEEP_PER_TOOL = 4;

/** A result off the path longer than this (characters of its JSON, 64 Ki) is not kept. */
export const MAX_KEPT_RESULT_CHARS = 64 * 1024;

/** Drops from `run.state` what the next replay does not need. */
export function compactState(run: Run): void {
  run.state.lookups = compactLookups(run.state.lookups, run.lookupsRead, run.state.turn);
  // A secret offered before it was asked is dropped once its field is answered, or the flow is done.
  if (run.state.offers) {
    const done = run.state.pending?.kind === "done";
    const left = Object.entries(run.state.offers).filter(([field]) => !done && !Object.hasOwn(run.state.answers, field));
    if (left.length > 0) run.state.offers = Object.fromEntries(left);
    else delete run.state.offers;
  }
  // A value for a kept answer whose ask this turn never reached is not used (kept-offers.ts).
  if (run.state.keptOffers) {
    for (const key of Object.keys(run.state.keptOffers)) drop(run, key, "kept from earlier in the conversation: its question was not reached");
    delete run.state.keptOffers;
  }
}

/** The entries to keep; those in `read` are marked as used at `turn`. Pure. */
export function compactLookups(
  lookups: FlowState["lookups"], read: ReadonlySet<string>, turn: number,
): FlowState["lookups"] {
  const kept: FlowState["lookups"] = Object.create(null) as FlowState["lookups"];
  const count = new Map<string, number>();
  const others: Array<[string, LookupCacheEntry]> = [];
  for (const [key, entry] of Object.entries(lookups)) {
    if (!read.has(key)) {
      others.push([key, entry]);
      continue;
    }
    kept[key] = entry.turn === turn ? entry : { ...entry, turn };
    count.set(entry.tool, (count.get(entry.tool) ?? 0) + 1);
  }
  others.sort(([, a], [, b]) => (b.turn ?? -1) - (a.turn ?? -1));
  for (const [key, entry] of others) {
    const n = count.get(entry.tool) ?? 0;
    if (n >= KEEP_PER_TOOL || !worthKeeping(entry)) continue;
    kept[key] = entry;
    count.set(entry.tool, n + 1);
  }
  return kept;
}

/** A result off the path is kept only when it succeeded and is small. */
function worthKeeping(entry: LookupCacheEntry): boolean {
  return entry.error === undefined && canonicalJson(entry.result).length <= MAX_KEPT_RESULT_CHARS;
}

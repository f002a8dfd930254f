/**
 * Reading a decision: the option a `decide` holds where the walk is. Apart from run-decide.ts (which
 * renders the question, and so reads values) so that evaluating an expression can read a decision
 * without a cycle between the two. Pure over the run's state.
 */
import { answerKey, scopeChain } from "./answer-keys.js";
import type { Run } from "./run-context.js";
import { ownValue } from "../own-value.js";

/** The decision visible from `scope` (the innermost iteration's, else the top-level one), or undefined. */
export function decisionIn(run: Run, decide: string, scope: string): string | undefined {
  for (const s of scope ? scopeChain(scope) : [""]) {
    const held = ownValue(run.state.confirmations, answerKey(decide, s));
    if (held?.option !== undefined) return held.option;
  }
  return undefined;
}

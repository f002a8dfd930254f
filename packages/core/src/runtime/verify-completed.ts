/**
 * The trial replay: walk every step over a throwaway copy of the run's state in "verify" mode — no
 * question or card stops it, no write runs, no text is shown — and compare each completed write with
 * the inputs it would receive now. Lookups the new values need are requested like any other (the walk
 * then stops for that one call, and the trial goes on when its result comes back).
 */
import { copyState } from "./copy-state.js";
import { newRun } from "./replay.js";
import type { Conflict, Run, VerifyLog } from "./run-context.js";
import { VERIFY } from "./exec-verify.js";
import { rootFrame, walkToStop } from "./walk.js";
import { ownValue } from "../own-value.js";

export type VerifyOutcome =
  /** A lookup must run first: its `call` effect has been added to `run`. */
  | { kind: "call" }
  /** Every completed write reached was compared. */
  | { kind: "checked"; conflicts: Conflict[] }
  /** The check could not finish (a lookup failed, or the per-event call cap was reached). */
  | { kind: "failed"; error: string };

/** Checks the completed writes of `run.state` (which is not changed, except its per-event call count). */
export function verifyCompleted(run: Run): VerifyOutcome {
  const probe: Run = { ...newRun(run.skill, copyState(run.state), run.options), exec: VERIFY };
  const remaining = Object.values(run.state.ledger).filter((e) => e.status === "done" || e.status === "doubt").length;
  const log: VerifyLog = (probe.verify = { conflicts: [], remaining, reached: new Set() });
  const stop = remaining > 0 ? walkToStop(probe, [rootFrame(run.skill.steps)]) : "end";
  const outcome: VerifyOutcome | undefined = stop === "call"
    ? { kind: "call" }
    : stop === "error" ? { kind: "failed", error: log.failure ?? "the check stopped" } : undefined;
  run.state.callsThisEvent = probe.state.callsThisEvent;
  run.effects.push(...probe.effects.filter((e) => e.type === "call"));
  run.trace.push(...probe.trace);
  return outcome ?? { kind: "checked", conflicts: [...log.conflicts, ...writesLeftBehind(run, log), ...handoffsLeftBehind(run, log)] };
}

/**
 * Completed writes the changed answers no longer reach (another `switch` way, a `when` now false, a pass
 * no longer run): the write stays done, so the flow would go on as if it had not run — and run the other
 * way's write too (a card charged, then the gift card as well). Refused like a changed input: each names
 * the inputs it took among the changed fields (else all it took), with the values it ran with. Pure.
 */
function writesLeftBehind(run: Run, log: VerifyLog): Conflict[] {
  const fields = new Set(run.state.trial?.fields ?? []);
  return Object.values(run.state.ledger)
    .filter((e) => (e.status === "done" || e.status === "doubt") && ownValue(run.skill.tools, e.tool)?.kind === "write" && !log.reached.has(e.instance))
    .map((e) => {
      const took = Object.keys(e.inputs).filter((name) => fields.has(name));
      const inputs = took.length > 0 ? took : Object.keys(e.inputs);
      const was = Object.fromEntries(inputs.map((name) => [name, ownValue(e.inputs, name)]));
      return { tool: e.tool, instance: e.instance, inputs, was, ...(e.status === "doubt" ? { doubt: true } : {}) };
    });
}

/**
 * Hand-offs in doubt the changed answers no longer reach: the conversation may already be with a person,
 * so a change that takes it elsewhere (to a write, to another hand-off) is refused. Pure.
 */
function handoffsLeftBehind(run: Run, log: VerifyLog): Conflict[] {
  return Object.values(run.state.ledger)
    .filter((e) => e.status === "doubt" && ownValue(run.skill.tools, e.tool)?.kind === "handoff" && !log.reached.has(e.instance))
    .map((e) => ({ tool: e.tool, instance: e.instance, inputs: [], was: {}, doubt: true, leftBehind: true }));
}

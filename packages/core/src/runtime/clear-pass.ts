/**
 * The person picked the pass to change at a failing `repeat` check (`run-pass-checks.ts`): every answer
 * given in that pass — and in the passes of loops nested in it — is cleared, with the yeses given there,
 * so the replay asks that pass's questions again and then runs the check again. A pick naming no pass
 * is refused and the question stays. Clearing is a change of answers like any: after a write has
 * completed it is put on trial (try-change.ts). Mutates only the run's draft state.
 */
import { scopeOfKey } from "./answer-keys.js";
import { drop, refuse } from "./propose-value.js";
import { record, type Run } from "./run-context.js";
import type { Pending } from "./types.js";
import { ownValue } from "../own-value.js";

type PassPick = Extract<Pending, { kind: "ask" }> & { passes: Record<string, string> };

/** True when `pending` is the pick of a pass to change. */
export function isPassPick(pending: Pending | undefined): pending is PassPick {
  return pending?.kind === "ask" && pending.passes !== undefined;
}

/** Said when a pick names none of the passes on screen. */
export const NOT_A_PASS = "That is not one of the ones listed. Pick one of them to change.";

/** Clears the pass `value` names (a pass id of the pending pick), or refuses the pick. */
export function clearPass(run: Run, pending: PassPick, value: unknown): void {
  const scope = typeof value === "string" || typeof value === "number" ? ownValue(pending.passes, String(value)) : undefined;
  if (scope === undefined) {
    drop(run, pending.field, "the pick names none of the passes listed");
    return refuse(run, pending.field, NOT_A_PASS);
  }
  const inPass = (key: string) => {
    const s = scopeOfKey(key);
    return s === scope || s.startsWith(`${scope}/`);
  };
  const answers = Object.keys(run.state.answers).filter(inPass);
  for (const key of answers) delete run.state.answers[key];
  for (const key of Object.keys(run.state.confirmations).filter(inPass)) delete run.state.confirmations[key];
  record(run, { type: "step", stepId: pending.stepId, kind: "repeat", outcome: `pass ${String(value)} cleared (${answers.length} answers)` });
}

/**
 * Putting a skill on hold: its answers stay, its unfinished writes lose every yes that could fire them.
 * Pure.
 *
 * - A yes (a pressed confirm or a given approval) is removed when its confirm covers a write. When the
 *   person comes back, the replay reaches that confirm again and shows the card afresh: only a new yes,
 *   given after the return, can run the writes. A confirm whose writes have all completed stays satisfied
 *   without its yes (the runtime checks the ledger first), so nothing done is redone or asked again.
 * - An approval request still waiting, or approved while a write it covers has not completed, is
 *   withdrawn; coming back files a new one. A rejected request stays rejected.
 * - Completed writes stay in the ledger, so they never run again in this run of the skill.
 */
import { everyChildStepOf, nameOfKey, ownValue, writesCoveredBy, type FlowState, type Skill, type Step } from "@skillflow/core";

export interface Voided {
  flow: FlowState;
  /** Confirmation keys and approval request ids removed. */
  voided: string[];
}

export function voidUnfinished(skill: Skill, flow: FlowState): Voided {
  const confirmations = { ...flow.confirmations };
  const approvals = { ...flow.approvals };
  const voided: string[] = [];
  const gating = gatingConfirms(skill);
  for (const [key, confirmation] of Object.entries(flow.confirmations)) {
    if (confirmation.answer !== "yes" || !gating.has(nameOfKey(key))) continue;
    delete confirmations[key];
    voided.push(key);
  }
  for (const [id, request] of Object.entries(flow.approvals)) {
    const unfinished = request.card.writes.some((w) => ownValue(flow.ledger, w.instance)?.status !== "done");
    if (request.status === "waiting" || (request.status === "approved" && unfinished)) {
      delete approvals[id];
      voided.push(id);
    }
  }
  return { flow: { ...flow, confirmations, approvals, failedThisEvent: [] }, voided };
}

/** The ids of the confirms that cover at least one write. Pure. */
function gatingConfirms(skill: Skill): Set<string> {
  const ids = new Set<string>();
  const visit = (steps: readonly Step[]): void => {
    for (const step of steps) {
      if (step.kind === "confirm" && writesCoveredBy(skill, step.id).length > 0) ids.add(step.confirm);
      visit(everyChildStepOf(step));
    }
  };
  visit(skill.steps);
  return ids;
}

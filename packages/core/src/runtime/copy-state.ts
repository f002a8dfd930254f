/**
 * A working copy of the state for one `step`: every collection the runtime changes is copied, the
 * records inside are shared (the runtime replaces a record, never edits one in place). `said` is shared
 * until a say changes it, which copies it first (`Run.ownSaid`). Pure.
 */
import type { FlowState } from "./types.js";

export function copyState(state: FlowState): FlowState {
  return {
    ...state,
    answers: { ...state.answers },
    confirmations: { ...state.confirmations },
    ledger: { ...state.ledger },
    lookups: { ...state.lookups },
    approvals: { ...state.approvals },
    failedThisEvent: [...state.failedThisEvent],
    ...(state.refusedSecrets ? { refusedSecrets: [...state.refusedSecrets] } : {}),
    ...(state.offers ? { offers: { ...state.offers } } : {}),
    usage: { ...state.usage },
  };
}


/**
 * A working copy of the state for one `step`: every collection the runtime changes is copied, the
 * records inside are shared (the runtime replaces a record, never edits one in place). Pure.
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
    said: [...state.said],
    failedThisEvent: [...state.failedThisEvent],
    usage: { ...state.usage },
  };
}

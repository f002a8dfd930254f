/**
 * A working copy of the state for one `step`: every collection the runtime changes is copied, the
 * records inside are shared (the runtime replaces a record, never edits one in place). `said` is shared
 * until a say changes it, which copies it first (`Run.ownSaid`). Records keyed by names are copied
 * without a prototype (`copyRecord`). Pure.
 */
import type { FlowState } from "./types.js";
import { copyRecord } from "../own-value.js";

export function copyState(state: FlowState): FlowState {
  return {
    ...state,
    answers: copyRecord(state.answers),
    confirmations: copyRecord(state.confirmations),
    ledger: copyRecord(state.ledger),
    lookups: copyRecord(state.lookups),
    approvals: copyRecord(state.approvals),
    failedThisEvent: [...state.failedThisEvent],
    ...(state.refusedSecrets ? { refusedSecrets: [...state.refusedSecrets] } : {}),
    ...(state.offers ? { offers: copyRecord(state.offers) } : {}),
    usage: { ...state.usage },
  };
}


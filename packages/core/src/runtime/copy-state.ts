/**
 * A working copy of the state for one `step`: every collection the runtime changes is copied, the
 * records inside are shared (the runtime replaces a record, never edits one in place). Pure.
 */
import { LEGACY_SAID } from "./compact-state.js";
import type { FlowState } from "./types.js";

export function copyState(state: FlowState): FlowState {
  return {
    ...state,
    answers: { ...state.answers },
    confirmations: { ...state.confirmations },
    ledger: { ...state.ledger },
    lookups: { ...state.lookups },
    approvals: { ...state.approvals },
    said: copySaid(state.said),
    failedThisEvent: [...state.failedThisEvent],
    ...(state.refusedSecrets ? { refusedSecrets: [...state.refusedSecrets] } : {}),
    ...(state.offers ? { offers: { ...state.offers } } : {}),
    usage: { ...state.usage },
  };
}

/**
 * `said` by say instance. A state stored before per-step records holds a list of text digests: each is
 * kept as `~digest` until that turn ends, so the texts it lists are not said again (compact-state.ts).
 */
function copySaid(said: FlowState["said"] | string[]): FlowState["said"] {
  if (!Array.isArray(said)) return { ...said };
  return Object.fromEntries(said.map((digest) => [`${LEGACY_SAID}${digest}`, digest]));
}

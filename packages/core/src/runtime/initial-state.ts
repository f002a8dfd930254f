/**
 * The state of a flow before its first event. Pure.
 */
import type { FlowState } from "./types.js";

/** A fresh flow: nothing answered, nothing run, nothing said. `flowId` is part of every idempotency key. */
export function initialState(flowId: string): FlowState {
  return {
    flowId,
    turn: 0,
    answers: {},
    confirmations: {},
    ledger: {},
    lookups: {},
    approvals: {},
    said: {},
    callsThisEvent: 0,
    failedThisEvent: [],
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
  };
}

/**
 * The `STATE_SNAPSHOT` a run sends after its turns: the conversation as `Flow.state()` returns it —
 * already redacted (secrets are `[secret]`) — reduced to what a front end shows: the skill in
 * progress, the answers with who gave them, what the flow waits for, the writes and their status,
 * the approval requests, the model usage, whether it was handed to a person, and the outcome it ended with. No tool output, no lookup cache, no idempotency key. Pure.
 */
import type { FlowState } from "@skillflow/core";

export interface StateView {
  skill: string | null;
  answers: Record<string, { value: unknown; by: string }>;
  pending: FlowState["pending"] | null;
  writes: Array<{ tool: string; instance: string; status: string }>;
  approvals: Array<{ confirm: string; role: string; status: string }>;
  usage: FlowState["usage"] | null;
  done: boolean;
  /** The conversation was handed to a person (a `handoff` step): the hand-off tool, else null. */
  handedOff: { tool: string } | null;
  /** The conversation ended at an `end` step: its outcome and status, else null. */
  ended: { outcome: string; status: string } | null;
}

export function stateSnapshot(skill: string | null, state: FlowState | undefined): StateView {
  if (!state) return { skill, answers: {}, pending: null, writes: [], approvals: [], usage: null, done: false, handedOff: null, ended: null };
  const answers = Object.fromEntries(Object.entries(state.answers).map(([key, a]) => [key, { value: a.value, by: a.by }]));
  return {
    skill,
    answers,
    pending: state.pending ?? null,
    writes: Object.values(state.ledger).map((e) => ({ tool: e.tool, instance: e.instance, status: e.status })),
    approvals: Object.values(state.approvals).map((r) => ({ confirm: r.confirm, role: r.role, status: r.status })),
    usage: state.usage,
    done: state.pending?.kind === "done",
    handedOff: state.handedOff ? { tool: state.handedOff.tool } : null,
    ended: state.ended ? { outcome: state.ended.outcome, status: state.ended.status } : null,
  };
}

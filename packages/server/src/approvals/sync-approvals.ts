/**
 * Keeps the server's index of approval requests in step with a conversation after each of its turns:
 * a request the flow now waits on is indexed with its card (the first turn that files it shows the
 * card); every request of the thread still marked waiting that is not the one the flow waits on any
 * more (its card changed, the skill went on hold or was cancelled) becomes `stale`.
 */
import type { TurnResult } from "../flow-port.js";
import { newId, type ServerContext } from "../server-context.js";

export async function syncApprovals(ctx: ServerContext, threadId: string, turn: TurnResult, mayHaveWaiting = true): Promise<void> {
  const pending = turn.pending;
  const current = pending?.kind === "approval" ? pending : undefined;
  // Nothing can be waiting when the flow waited on no request before this turn and files none now.
  if (!current && !mayHaveWaiting && !turn.trace.some((t) => t.type === "approval_requested")) return;
  if (current) {
    const card = turn.cards.find((c) => c.confirm === current.confirm);
    if (card) {
      await ctx.store.indexApproval({
        id: newId("a"), threadId, requestId: current.requestId, confirm: current.confirm, role: current.role,
        card, status: "waiting", createdAt: ctx.now(),
      });
    }
  }
  for (const record of await ctx.store.approvalsOf(threadId)) {
    if (record.status === "waiting" && record.requestId !== current?.requestId) {
      await ctx.store.setApprovalStatus(record.id, "stale");
    }
  }
}

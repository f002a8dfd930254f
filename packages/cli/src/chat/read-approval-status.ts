/**
 * Where the approval a turn waits on stands. A turn's result says only that the flow waits on a request
 * (`pending.kind === "approval"` with its `requestId`); the request's status — waiting, or declined by
 * its role, which stands until the card changes — is in the flow state. Reads the store; sends nothing.
 */
import type { TurnResult } from "@skillflow/langgraph";
import type { ChatTurn } from "./chat-screen.js";
import type { ChatSession } from "./open-chat.js";

/**
 * The turn with `approvalStatus` set when it waits on an approval. A store that cannot be read leaves
 * the status unknown (the turn is then shown as waiting, as the flow's own reply says).
 */
export async function withApprovalStatus(session: Pick<ChatSession, "flow" | "threadId">, turn: TurnResult): Promise<ChatTurn> {
  const pending = turn.pending;
  if (pending?.kind !== "approval") return turn;
  const state = await session.flow.state(session.threadId).catch(() => undefined);
  const request = state && Object.hasOwn(state.approvals, pending.requestId) ? state.approvals[pending.requestId] : undefined;
  return request ? { ...turn, approvalStatus: request.status } : turn;
}

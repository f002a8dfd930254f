/**
 * The first thing a chat shows. A new conversation with one skill is opened with an empty `preset`
 * event, so the skill asks its first question (no model call); with several skills, nothing is sent and
 * the chat lists what it can help with (the first message picks the skill). A conversation named by
 * `--thread` is picked up where it stands: a turn cut short by a crash or Ctrl-C is finished first
 * (`flow.resume`), else the last turn is shown again from the store without sending anything. A
 * `--thread` id the store does not know starts a new conversation under that id.
 */
import type { TurnResult } from "@skillflow/langgraph";
import { menuLines } from "./chat-messages.js";
import type { ChatSession } from "./open-chat.js";
import { readLastTurn } from "./read-last-turn.js";

export interface ConversationStart {
  /** Lines about where the conversation stands, or what it can do (may be empty). */
  lines: string[];
  /** The turn to show, when there is one. */
  turn?: TurnResult;
  /** The lines end with the menu of skills (a number picks one). */
  menu?: boolean;
}

type Starting = Pick<ChatSession, "flow" | "threadId" | "threadGiven" | "skills">;

export async function startConversation(session: Starting): Promise<ConversationStart> {
  const { flow, threadId } = session;
  if (!session.threadGiven) return open(session, []);
  const finished = await flow.resume(threadId);
  if (finished) return { lines: [`Resuming conversation ${threadId}: finishing the turn that was cut short.`], turn: finished };
  const stored = await readLastTurn(flow, threadId);
  if (!stored) return open(session, [`No conversation ${threadId} in this store yet: starting it.`]);
  const where = stored.finished ? "it is finished" : "here is where it stands";
  return { lines: [`Resuming conversation ${threadId}: ${where}.`], turn: stored.last };
}

/** A new conversation: the one skill's first question, or the numbered menu of skills to choose from. */
async function open(session: Starting, lines: string[]): Promise<ConversationStart> {
  if (session.skills.length === 1) return { lines, turn: await session.flow.send(session.threadId, { preset: {} }) };
  return { lines: [...lines, ...menuLines(session.skills)], menu: true };
}

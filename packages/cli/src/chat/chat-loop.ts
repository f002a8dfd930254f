/**
 * The conversation loop of `flow chat`, over injected streams (a `LineReader` and two outputs), so it
 * runs in memory in tests. Each line becomes at most one event (see `interpretLine`) and one turn of
 * the flow; the flow checkpoints after every turn, so the loop can stop anywhere and `--thread` picks
 * the conversation up again.
 *
 * Ends: the skill finishes (one-skill chats; with several skills the person may start another); end
 * of input or `/quit`; Ctrl-C (exit 130; during a turn, once the turn is done: see `interrupts.ts`); a
 * failure of the store or the runtime (exit 1, its message, no stack). Every end prints the conversation's usage and, unless the skill finished, how to resume.
 */
import type { Usage } from "@skillflow/core";
import type { FlowInput, TurnResult } from "@skillflow/langgraph";
import { EXIT } from "../io.js";
import { bannerLines, keptLine, usageLine } from "./chat-messages.js";
import { conversationUsage, runChatCommand } from "./chat-commands.js";
import { createChatScreen, type ChatScreen } from "./chat-screen.js";
import { withApprovalStatus } from "./read-approval-status.js";
import { interpretLine } from "./interpret-line.js";
import type { ChatProgress } from "./interrupts.js";
import { INTERRUPTED, type LineReader } from "./line-reader.js";
import type { ChatSession } from "./open-chat.js";
import { startConversation } from "./start-conversation.js";

export interface ChatLoopIo {
  reader: LineReader;
  out: { write(chunk: string): unknown };
  err: { write(chunk: string): unknown };
  color: boolean;
  /** Print stacks of unexpected errors (FLOW_DEBUG). */
  debug?: boolean;
  /** Kept up to date for the Ctrl-C handler: whether a turn runs, and the usage before it. */
  progress?: ChatProgress;
}

type End = "done" | "eof" | "interrupt" | "failed";

/** Errors a person can act on without ending the chat: a malformed event, a conversation busy elsewhere. */
const RECOVERABLE = new Set(["FlowInputError", "PersistenceError"]);

/** Run the chat until it ends; returns the exit code. `resumeCommand` is undefined for a memory store. */
export async function runChatLoop(session: ChatSession, io: ChatLoopIo, resumeCommand: string | undefined): Promise<number> {
  const screen = createChatScreen(session, { out: io.out, color: io.color, interactive: io.reader.interactive });
  const end = (how: End) => endChat(session, screen, how, resumeCommand);
  const finishes = (turn: TurnResult) => turn.done && session.skills.length === 1;
  const { skills, model, store, threadId, operator } = session;
  screen.say(bannerLines({ skills, model, store, threadId, resumeCommand, operator }));
  const progress = io.progress ?? { turnRunning: false };
  const running = async <T>(work: () => Promise<T>) => {
    progress.turnRunning = true;
    try {
      return await attempt(io, work);
    } finally {
      progress.turnRunning = false;
    }
  };
  const start = await running(() => startConversation(session));
  if (!start || start === "recovered") return end("failed");
  progress.usage = await conversationUsage(session.flow, session.threadId).catch(() => undefined);
  if (start.lines.length) screen.say(["", ...start.lines]);
  if (start.menu) screen.offerMenu();
  if (start.turn) screen.show(await withApprovalStatus(session, start.turn));
  // Ctrl-C during the start (finishing a cut-short turn) stops once it is shown, as during any turn.
  if (io.reader.takeInterrupt()) return end("interrupt");
  if (start.turn && finishes(start.turn)) return end("done");
  for (;;) {
    const secret = screen.context.pending?.kind === "ask" && screen.context.pending.secret;
    const line = await io.reader.read("> ", { secret });
    if (line === null) return end("eof");
    if (line === INTERRUPTED) return end("interrupt");
    const event = await eventFor(line, session, screen, resumeCommand);
    if (event === "quit") return end("eof");
    const turn = event ? await running(() => session.flow.send(session.threadId, event)) : "recovered";
    if (!turn) return end("failed");
    if (turn !== "recovered") {
      progress.usage = progress.usage && addUsage(progress.usage, turn.usage);
      screen.show(await withApprovalStatus(session, turn), event !== undefined && "text" in event);
    }
    // A Ctrl-C during the turn stops the chat now that the turn is done — even one that finished the skill.
    if (io.reader.takeInterrupt()) return end("interrupt");
    if (turn !== "recovered" && finishes(turn)) return end("done");
  }
}

function addUsage(a: Usage, b: Usage): Usage {
  return {
    modelCalls: a.modelCalls + b.modelCalls,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

/** The event a line stands for, after answering notes and commands locally; "quit" ends the chat. */
async function eventFor(line: string, session: ChatSession, screen: ChatScreen, resumeCommand: string | undefined) {
  const action = interpretLine(line, screen.context);
  if (action.kind === "send") return action.event;
  if (action.kind === "note") screen.say([action.text]);
  if (action.kind !== "command") return undefined;
  const { flow, threadId, operator } = session;
  const { pending, approvalStatus } = screen.context;
  const outcome = await runChatCommand(action.name, action.args, { flow, threadId, operator, resumeCommand, pending, approvalStatus });
  if (outcome.kind === "print") screen.say(outcome.lines);
  return outcome.kind === "send" ? (outcome.event as FlowInput) : outcome.kind === "quit" ? ("quit" as const) : undefined;
}

/** Run a turn (or the start); a failure is reported, and `undefined` tells the loop to end. */
async function attempt<T>(io: ChatLoopIo, work: () => Promise<T>): Promise<T | "recovered" | undefined> {
  try {
    return await work();
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    io.err.write(`flow chat: ${e.message}\n`);
    if (io.debug) io.err.write(`${e.stack}\n`);
    return RECOVERABLE.has(e.name) ? "recovered" : undefined;
  }
}

/** Print the usage (and how to resume) and return the exit code. */
async function endChat(session: ChatSession, screen: ChatScreen, how: End, resumeCommand: string | undefined): Promise<number> {
  const usage = await conversationUsage(session.flow, session.threadId).catch(() => undefined);
  screen.say(["", ...(how === "interrupt" ? ["Stopped."] : []), ...(usage ? [usageLine(usage)] : [])]);
  if (how !== "done") screen.say([keptLine(resumeCommand)]);
  return how === "interrupt" ? EXIT.interrupted : how === "failed" ? EXIT.failed : EXIT.ok;
}

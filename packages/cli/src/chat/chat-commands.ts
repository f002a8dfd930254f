/**
 * The terminal's `/commands`: help, usage, the conversation id, quitting, and the operator's
 * `/approve CONFIRM ROLE` / `/deny CONFIRM ROLE`. An approval is an outside event naming the role that
 * gives it — the person's own words can never approve (the model may not set an approval), which is
 * why it is a command of the terminal and not a message of the conversation, and why it is only
 * accepted in a chat started with `--operator` (the person at the keyboard is then the operator).
 */
import type { ApprovalRequest, Pending, Usage } from "@skillflow/core";
import type { Flow, FlowInput } from "@skillflow/langgraph";
import { NOT_OPERATOR, helpLines, keptLine, rejectedLines, usageLine } from "./chat-messages.js";
import type { ChatCommandName } from "./interpret-line.js";

export type CommandOutcome =
  /** Print these lines and read on. */
  | { kind: "print"; lines: string[] }
  /** Send this event to the flow. */
  | { kind: "send"; event: FlowInput }
  /** End the chat (the conversation is kept). */
  | { kind: "quit" };

export interface CommandContext {
  flow: Flow;
  /** Started with `--operator`: `/approve` and `/deny` are sent; otherwise they are refused. */
  operator: boolean;
  threadId: string;
  resumeCommand?: string | undefined;
  pending?: Pending | undefined;
  /** The status of the approval request `pending` waits on. */
  approvalStatus?: ApprovalRequest["status"] | undefined;
}

/** Carry out a command. Reads the conversation's usage; sends nothing itself. */
export async function runChatCommand(name: ChatCommandName, args: string[], context: CommandContext): Promise<CommandOutcome> {
  switch (name) {
    case "help":
      return { kind: "print", lines: helpLines(context.operator, context.resumeCommand !== undefined) };
    case "usage":
      return { kind: "print", lines: [usageLine(await conversationUsage(context.flow, context.threadId))] };
    case "thread":
      return { kind: "print", lines: [`This is conversation ${context.threadId}. ${keptLine(context.resumeCommand)}`] };
    case "approve":
    case "deny":
      return approval(name === "approve", args, context);
    case "quit":
    case "exit":
      return { kind: "quit" };
  }
}

/** The model usage of the whole conversation (every skill, every turn); zero before the first event. */
export async function conversationUsage(flow: Flow, threadId: string): Promise<Usage> {
  return (await flow.conversation(threadId))?.usage ?? { modelCalls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 };
}

/**
 * `/approve` or `/deny` with CONFIRM and ROLE is sent — except for a request its role already declined:
 * that rejection stands until the card changes, so the chat says so instead of sending.
 */
function approval(yes: boolean, args: string[], { pending, approvalStatus, operator }: CommandContext): CommandOutcome {
  if (!operator) return { kind: "print", lines: [NOT_OPERATOR] };
  const command = yes ? "/approve" : "/deny";
  const declined = pending?.kind === "approval" && approvalStatus === "rejected" && args[0] === pending.confirm;
  if (args.length === 2 && declined) return { kind: "print", lines: rejectedLines(pending.confirm, pending.role) };
  if (args.length === 2) return { kind: "send", event: { approve: args[0]!, by: args[1]!, yes } };
  const example = pending?.kind === "approval" ? `${command} ${pending.confirm} ${pending.role}` : `${command} pay manager`;
  return { kind: "print", lines: [`Usage: ${command} CONFIRM ROLE — for example: ${example}`] };
}

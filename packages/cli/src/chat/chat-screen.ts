/**
 * What the chat writes, and what it remembers of what is on screen: the pending question, and the
 * numbered options of a pick a typed number picks (a number typed at the menu of skills is read by the
 * flow, for every host). A turn whose question and list or card are the ones still standing
 * above is shortened to what changed and the question (see `describe-change.ts`); the menu of skills is
 * always shown in full.
 */
import { expectedAnswer } from "@skillflow/core";
import type { TurnResult } from "@skillflow/langgraph";
import { styleText } from "node:util";
import { menuHint } from "./chat-messages.js";
import { changeNotes, compactRepeat } from "./describe-change.js";
import type { LineContext } from "./interpret-line.js";
import type { ChatSession } from "./open-chat.js";
import { renderTurnText, type TurnView } from "./render-turn-text.js";

/** A turn as the chat shows it: the flow's result and the status of the approval it waits on, if any. */
export type ChatTurn = TurnResult & Pick<TurnView, "approvalStatus">;

export interface ChatScreen {
  /** What the next line is read against. */
  readonly context: LineContext;
  say(lines: string[]): void;
  /** Show a turn; `fromText` when it answered free text (then a message that did nothing is said so). */
  show(turn: ChatTurn, fromText?: boolean): void;
  /** The menu of skills was just printed: say how to pick from it (the flow reads the number). */
  offerMenu(): void;
}

export interface ScreenIo {
  out: { write(chunk: string): unknown };
  color: boolean;
  /** Input comes from a terminal (then a secret's prompt says the typing is hidden). */
  interactive: boolean;
}

export function createChatScreen(session: Pick<ChatSession, "skills" | "operator">, io: ScreenIo): ChatScreen {
  const context: LineContext = {};
  let previous = "";
  const say = (lines: string[]) => void io.out.write(lines.map((line) => `${line}\n`).join(""));
  const show = (turn: ChatTurn, fromText = false) => {
    const skill = session.skills.find((s) => s.name === turn.skill) ?? session.skills[0]!;
    const rendered = renderTurnText(turn, skill, { color: io.color, operator: session.operator });
    const change = { hint: expectedAnswer(skill, turn.pending), menu: session.skills.length > 1 };
    // The short version points back at the list or card above when it is the one this turn shows; with
    // none (a refusal, the menu of skills), or no reply line, the turn is printed in full.
    const stands = rendered.options !== undefined || turn.pending?.kind === "confirm";
    const repeated = stands && rendered.standing !== "" && rendered.standing === previous && turn.reply.length > 0;
    const text = repeated
      ? compactRepeat(turn, rendered.options, fromText, rendered.lead, change)
      : changeNotes(turn, fromText, change) + rendered.text;
    io.out.write(`\n${text}`);
    previous = rendered.standing;
    context.pending = turn.pending;
    context.options = rendered.options;
    context.approvalStatus = turn.approvalStatus;
    if (session.skills.length > 1 && turn.skill === null) offerMenu();
    const secret = turn.pending?.kind === "ask" && turn.pending.secret;
    if (secret && io.interactive) say(["(Your typing is hidden; it never reaches a model.)"]);
  };
  const offerMenu = () => {
    const hint = menuHint(session.skills.length);
    say([io.color ? styleText("dim", hint, { validateStream: false }) : hint]);
  };
  return { context, say, show, offerMenu };
}

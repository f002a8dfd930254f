/**
 * One turn of a flow as terminal text: the reply lines, then its widgets — numbered rows to pick by
 * number, a confirmation card or checkout listing the exact inputs of every write a yes runs, and who
 * must approve when an approval is pending (with the operator command that gives it, when the chat was
 * started with `--operator`) — or, once that role has declined, that nothing ran and that changing an
 * answer files a new request. Pure.
 */
import { styleText } from "node:util";
import type { ApprovalRequest, Card, Pending, Skill, TraceEvent, WidgetView } from "@skillflow/core";
import { NOT_OPERATOR, rejectedLines } from "./chat-messages.js";
import { confirmHint, formatCard } from "./format-card.js";
import { pickHint, pickOptions, type PickOptions } from "./format-options.js";

/** The part of a `TurnResult` the terminal shows. */
export interface TurnView {
  reply: string[];
  widgets: WidgetView[];
  pending?: Pending;
  done: boolean;
  /** Used to tell refusals apart from other lines (they are shown in yellow). */
  trace?: TraceEvent[];
  /**
   * The status of the approval request `pending` waits on (read from the flow state by the caller).
   * `rejected`: its role declined; the rejection stands for this card until the card changes.
   */
  approvalStatus?: ApprovalRequest["status"];
  /** This turn handed the conversation over to a person, with this hand-off tool. */
  handedOff?: { tool: string };
  /** This turn ended the conversation at an `end` step, with this outcome and status. */
  ended?: { outcome: string; status: string };
}

export interface RenderedTurn {
  text: string;
  /** The numbered options on screen, when the flow waits for a pick. */
  options?: PickOptions | undefined;
  /**
   * What stands on screen while the flow waits: the question and the list or card under it ("" when
   * it waits for nothing). A turn whose standing part equals the previous one's can point back at it.
   */
  standing: string;
  /** The reply lines before the question (said text, refusals), as rendered. */
  lead: string[];
}

type Paint = (style: "dim" | "bold" | "cyan" | "yellow", text: string) => string;

export interface RenderOptions {
  /** Add terminal styles. */
  color: boolean;
  /** The chat was started with `--operator`: show the commands that give a pending approval. */
  operator?: boolean;
}

/** Render a turn. Pure. */
export function renderTurnText(turn: TurnView, skill: Skill, { color, operator = false }: RenderOptions): RenderedTurn {
  const paint: Paint = (style, text) => (color ? styleText(style, text, { validateStream: false }) : text);
  const refusals = new Set(turn.trace?.flatMap((t) => (t.type === "refused" ? [t.message] : [])));
  const last = turn.reply.length - 1;
  const waits = turn.pending !== undefined && turn.pending.kind !== "done";
  const lines = turn.reply.map((line, i) =>
    refusals.has(line) ? paint("yellow", line) : i === last && waits ? paint("bold", line) : line,
  );
  let options: PickOptions | undefined;
  let cardShown = false;
  for (const widget of turn.widgets) {
    const found = turn.pending?.kind === "ask" || turn.pending?.kind === "decide" ? pickOptions(widget, skill) : undefined;
    if (found) {
      options = found;
      lines.push(...found.lines.map((l, i) => (i === 0 && widget.kind === "grid" ? paint("dim", l) : l)));
      lines.push(paint("dim", pickHint(found)));
    } else if (widget.card && turn.pending?.kind === "confirm") {
      lines.push(...cardLines(widget.card, widget.kind === "checkout", paint));
      cardShown = true;
    }
  }
  if (turn.pending?.kind === "confirm" && !cardShown) lines.push(...cardLines(turn.pending.card, false, paint));
  if (turn.pending?.kind === "approval") lines.push(...approvalLines(turn.pending, turn.approvalStatus === "rejected", operator, paint));
  if (turn.ended) lines.push(paint("cyan", `Ended: ${turn.ended.outcome} (${turn.ended.status}). The conversation ends here; Ctrl-D leaves.`));
  if (turn.handedOff) lines.push(paint("cyan", `Handed over to a person (${turn.handedOff.tool} ran). The conversation ends here; Ctrl-D leaves.`));
  const asks = waits && last >= 0;
  return {
    text: lines.length ? `${lines.join("\n")}\n` : "",
    options,
    standing: asks ? lines.slice(last).join("\n") : "",
    lead: asks ? lines.slice(0, last) : lines,
  };
}

/** The card's writes under a header (none for a card covering no write), then the y/n prompt. */
function cardLines(card: Card, checkout: boolean, paint: Paint): string[] {
  const [header, ...rows] = formatCard(card, checkout);
  return [...(header === undefined ? [] : [paint("cyan", header)]), ...rows, paint("dim", confirmHint(card))];
}

/**
 * Who must approve, and — for an operator — the commands that answer for that role; once declined, no
 * command (the rejection stands).
 */
function approvalLines(pending: Extract<Pending, { kind: "approval" }>, rejected: boolean, operator: boolean, paint: Paint): string[] {
  const { confirm, role } = pending;
  if (rejected) return rejectedLines(confirm, role).map((line, i) => paint(i === 0 ? "cyan" : "dim", line));
  const how = operator
    ? `Operator (outside the conversation): /approve ${confirm} ${role}   or   /deny ${confirm} ${role}`
    : NOT_OPERATOR;
  return [paint("cyan", `Waiting for ${role} to approve "${confirm}". The conversation continues once they do.`), paint("dim", how)];
}

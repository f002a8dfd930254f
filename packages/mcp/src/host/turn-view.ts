/**
 * One call's outcome as structured content: the reply lines, what the flow waits for, the widget to show
 * (rows of a list to pick from, or a confirmation card with every write and its exact inputs), whether the
 * skill is done, and the tools that ran. The same JSON goes to the host's model (`structuredContent`) and
 * to the MCP App that draws the widget. Pure.
 *
 * (`flow serve` renders turns to AG-UI activity messages in @skillflow/server; this is the MCP side's
 * own rendering, kept here until the two are unified.)
 */
import type { Card, Pending, Skill } from "@skillflow/core";
import type { TurnResult } from "@skillflow/langgraph";

export type PendingView =
  | { kind: "question"; field: string; question: string }
  | { kind: "pick"; field: string; question: string }
  | { kind: "secret"; field: string; question: string }
  | { kind: "confirm"; confirm: string; question: string; writes: WriteView[] }
  | { kind: "approval"; confirm: string; role: string };

export interface WriteView {
  tool: string;
  inputs: Record<string, unknown>;
}

export type WidgetJson =
  | { name: string; kind: "grid" | "choices"; field: string; question: string; rows: Array<Record<string, unknown>> }
  | { name: string; kind: "card" | "checkout"; confirm: string; question: string; writes: WriteView[] };

export interface TurnView {
  skill: string;
  conversation: string;
  reply: string[];
  pending: PendingView | null;
  widget: WidgetJson | null;
  done: boolean;
  /** Tools that ran during this call, in order. */
  tools_run: string[];
  /** What only the person can do now, when the host's model is waiting on them. */
  person?: string;
}

/** The view of the flow after `turns` (the turns of one call, in order). */
export function turnView(skill: Skill, conversation: string, turns: TurnResult[], person?: string): TurnView {
  const last = turns[turns.length - 1]!;
  const reply = turns.flatMap((turn) => turn.reply).filter((line, i, lines) => line !== lines[i - 1]);
  const pending = last.done ? null : pendingView(last.pending, last);
  return {
    skill: skill.name,
    conversation,
    reply,
    pending,
    widget: last.done ? null : widgetOf(last),
    done: last.done,
    tools_run: turns.flatMap((turn) => turn.tools.map((run) => run.tool)),
    ...(person !== undefined && { person }),
  };
}

export function pendingView(pending: Pending | undefined, turn: TurnResult): PendingView | null {
  if (!pending || pending.kind === "done") return null;
  if (pending.kind === "confirm") return { kind: "confirm", confirm: pending.confirm, question: pending.card.question, writes: writesOf(pending.card) };
  if (pending.kind === "approval") return { kind: "approval", confirm: pending.confirm, role: pending.role };
  const question = turn.reply[turn.reply.length - 1] ?? "";
  const kind = pending.secret ? "secret" : pending.pick ? "pick" : "question";
  return { kind, field: pending.field, question };
}

function widgetOf(turn: TurnResult): WidgetJson | null {
  const widget = turn.widgets[turn.widgets.length - 1];
  if (!widget) return null;
  if ((widget.kind === "card" || widget.kind === "checkout") && widget.card) {
    return { name: widget.name, kind: widget.kind, confirm: widget.card.confirm, question: widget.card.question, writes: writesOf(widget.card) };
  }
  if ((widget.kind === "grid" || widget.kind === "choices") && widget.field) {
    const question = turn.reply[turn.reply.length - 1] ?? "";
    return { name: widget.name, kind: widget.kind, field: widget.field, question, rows: widget.rows ?? [] };
  }
  return null;
}

function writesOf(card: Card): WriteView[] {
  return card.writes.map((write) => ({ tool: write.tool, inputs: write.inputs }));
}

/**
 * One call's outcome as structured content: the reply lines, what the flow waits for, the widget to show
 * (rows of a list to pick from, or a confirmation card with every write and its exact inputs), whether the
 * skill is done, and the tools that ran. The same JSON goes to the host's model (`structuredContent`) and
 * to the MCP App that draws the widget. A grid carries, besides its rows, the columns and headers the
 * chat page shows (the ask's `columns:`, else every property headed in words: core's `gridColumns`) and
 * each shown cell in words (`formatCell`: times as times), and a card each write as a line in words, so the App draws
 * what the other hosts draw. Pure.
 *
 * (`flow serve` renders turns to AG-UI activity messages in @skillflow/server; this is the MCP side's
 * own rendering, kept here until the two are unified.)
 */
import { formatCell, gridColumns, writeInWords, type Card, type Pending, type Skill } from "@skillflow/core";
import type { TurnResult } from "@skillflow/langgraph";

export type PendingView =
  | { kind: "question"; field: string; question: string }
  | { kind: "pick"; field: string; question: string; many?: true }
  | { kind: "secret"; field: string; question: string }
  | { kind: "confirm"; confirm: string; question: string; writes: WriteView[] }
  | { kind: "approval"; confirm: string; role: string };

/** A write on a card: the raw tool and inputs (for programs) and the same in words (for the person). */
export interface WriteView {
  tool: string;
  inputs: Record<string, unknown>;
  words?: string;
  details?: Array<{ label: string; value: string }>;
}

export type WidgetJson =
  | {
      name: string; kind: "grid" | "choices"; field: string; question: string; rows: Array<Record<string, unknown>>;
      /** The row properties shown, in order; `headers` are their headers and `cells` each row's shown values in words. */
      columns: string[]; headers: string[]; cells: string[][];
      /** Several rows are picked together (`many: true`): the click sends the list of their ids. */
      many?: true;
    }
  | {
      name: string; kind: "card" | "checkout"; confirm: string; question: string; writes: WriteView[];
      /** Each write as the person reads it: `Charge 90.00 EUR — Item: Espresso machine (id: espresso)`. */
      lines: string[];
    };

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
  /** The conversation was handed over to a person by this hand-off tool (this call or an earlier one): it ends here. */
  handed_off?: { tool: string };
  /** The conversation ended at an `end` step with this outcome and status (this call or an earlier one): it ends here. */
  ended?: { outcome: string; status: string };
}

/** The view of the flow after `turns` (the turns of one call, in order). */
export function turnView(
  skill: Skill, conversation: string, turns: TurnResult[], person?: string, handedOff?: { tool: string }, ended?: { outcome: string; status: string },
): TurnView {
  const last = turns[turns.length - 1]!;
  const reply = turns.flatMap((turn) => turn.reply).filter((line, i, lines) => line !== lines[i - 1]);
  const pending = last.done ? null : pendingView(last.pending, last);
  return {
    skill: skill.name,
    conversation,
    reply,
    pending,
    widget: last.done ? null : widgetOf(skill, last),
    done: last.done,
    tools_run: turns.flatMap((turn) => turn.tools.map((run) => run.tool)),
    ...(person !== undefined && { person }),
    ...(handedOff && { handed_off: { tool: handedOff.tool } }),
    ...(ended && { ended: { outcome: ended.outcome, status: ended.status } }),
  };
}

export function pendingView(pending: Pending | undefined, turn: TurnResult): PendingView | null {
  if (!pending || pending.kind === "done") return null;
  if (pending.kind === "confirm") return { kind: "confirm", confirm: pending.confirm, question: pending.card.question, writes: writesOf(pending.card) };
  if (pending.kind === "approval") return { kind: "approval", confirm: pending.confirm, role: pending.role };
  // A decide is chosen like a pick of its id from its options (the widget's rows): by form, app or click.
  if (pending.kind === "decide") return { kind: "pick", field: pending.decide, question: pending.question };
  const question = turn.reply[turn.reply.length - 1] ?? "";
  if (!pending.secret && pending.pick && pending.many) return { kind: "pick", field: pending.field, question, many: true };
  const kind = pending.secret ? "secret" : pending.pick ? "pick" : "question";
  return { kind, field: pending.field, question };
}

function widgetOf(skill: Skill, turn: TurnResult): WidgetJson | null {
  const widget = turn.widgets[turn.widgets.length - 1];
  // A confirm written without `widget:` still has its card: drawn as the plain card, as the chat page does.
  const plainCard = !widget && turn.pending?.kind === "confirm" ? turn.cards[turn.cards.length - 1] : undefined;
  if (plainCard) return cardView("card", "card", plainCard);
  if (!widget) return null;
  if ((widget.kind === "card" || widget.kind === "checkout") && widget.card) return cardView(widget.name, widget.kind, widget.card);
  if ((widget.kind === "grid" || widget.kind === "choices") && widget.field) {
    const question = turn.reply[turn.reply.length - 1] ?? "";
    const rows = widget.rows ?? [];
    const shown = gridColumns(skill, widget.field, rows);
    const cells = rows.map((row) => shown.map((c) => formatCell(row[c.key])));
    return { name: widget.name, kind: widget.kind, field: widget.field, question, rows, columns: shown.map((c) => c.key), headers: shown.map((c) => c.label), cells, ...(widget.many && { many: true as const }) };
  }
  return null;
}

function cardView(name: string, kind: "card" | "checkout", card: Card): WidgetJson {
  const writes = writesOf(card);
  return { name, kind, confirm: card.confirm, question: card.question, writes, lines: writes.map(describeWrite) };
}

function writesOf(card: Card): WriteView[] {
  return card.writes.map((write) => ({
    tool: write.tool, inputs: write.inputs, words: write.words,
    ...(write.details && { details: write.details.map(({ label, value }) => ({ label, value })) }),
  }));
}

/** A write as the person reads it on a card: its words, then each input they leave out (`writeInWords`). Pure. */
export function describeWrite(write: WriteView): string {
  return writeInWords(write);
}

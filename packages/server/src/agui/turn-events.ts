/**
 * One shown turn as AG-UI events: what it set when it waits on the question already on screen ("Noted:
 * nights 4.", `ShownTurn.noted`), then `flow chat`'s other notes ("Nothing in that message answered the
 * question.", `ShownTurn.notes`), then each reply line, each a `TEXT_MESSAGE_START/CONTENT/END` (role assistant),
 * then each widget an `ACTIVITY_SNAPSHOT` — `skillflow.grid` (a `from:` list: a row click is a pick),
 * `skillflow.card` or `skillflow.checkout` (a confirmation: every write with its exact inputs),
 * `skillflow.form` (a plain field: its input type, range, choices; secret ones are password inputs) and
 * `skillflow.approval` (a request waiting for a role outside the chat, and, on the turn its answer
 * produced, `status: approved | rejected`). A grid carries the columns to show and their headers (the
 * ask's `columns:`, else every property headed in words), and `many: true` when several rows are picked
 * together (one resume with the list of their ids). Message ids derive from the turn's id, so a
 * turn shown again carries the same ids. With `ui: "a2ui"` each widget is an `a2ui-surface` activity
 * drawn from the same content (a2ui/widget-surface.ts). Pure.
 */
import { EventType, type BaseEvent } from "@ag-ui/core";
import { gridColumns, type Card, type FieldDecl, type Skill, type WidgetView } from "@skillflow/core";
import { a2uiActivity } from "../a2ui/widget-surface.js";
import type { WidgetForm } from "../a2ui/widget-form.js";
import type { ShownTurn } from "../store/serve-types.js";
import { valueSchema } from "./response-schema.js";

/** The activity types this server emits. */
export const ACTIVITY = {
  grid: "skillflow.grid",
  card: "skillflow.card",
  checkout: "skillflow.checkout",
  form: "skillflow.form",
  approval: "skillflow.approval",
} as const;

/** Events for `turn`; `interruptId` is set on the widget of what the run ends waiting for. */
export function turnEvents(turn: ShownTurn, skill: Skill, interruptId?: string, ui: WidgetForm = "agui"): BaseEvent[] {
  const events: BaseEvent[] = [];
  [turn.noted, ...(turn.notes ?? [])].forEach((note, i) => {
    if (note === undefined) return;
    const messageId = i === 0 ? `${turn.id}.noted` : `${turn.id}.n${i}`;
    events.push(
      { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant" } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: note } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
    );
  });
  turn.reply.forEach((line, i) => {
    const messageId = `${turn.id}.m${i}`;
    const refusal = turn.refused?.includes(line) ? { metadata: { skillflow: { refusal: true } } } : {};
    events.push(
      { type: EventType.TEXT_MESSAGE_START, messageId, role: "assistant", ...refusal } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: line } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
    );
  });
  activities(turn, skill).forEach((activity, i) => {
    const content = activity.waitsHere && interruptId ? { ...activity.content, interruptId } : activity.content;
    const messageId = `${turn.id}.a${i}`;
    events.push(ui === "a2ui" ? a2uiActivity(messageId, activity.type, content)
      : { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: activity.type, content, replace: true } as BaseEvent);
  });
  return events;
}

interface Activity {
  type: string;
  content: Record<string, unknown>;
  /** This widget is the one the flow waits on (its interrupt id is added). */
  waitsHere: boolean;
}

/** The turn's widgets, plus a card or form for a pending confirm or ask that has no widget of its own. */
function activities(turn: ShownTurn, skill: Skill): Activity[] {
  const pending = turn.pending;
  const out: Activity[] = turn.widgets.map((widget) => widgetActivity(widget, skill, turn));
  if (turn.approval) {
    const { confirm, role, yes } = turn.approval;
    out.unshift({ type: ACTIVITY.approval, content: { role, confirm, status: yes ? "approved" : "rejected" }, waitsHere: false });
  }
  if (pending?.kind === "confirm" && !out.some((a) => a.waitsHere)) {
    out.push({ type: ACTIVITY.card, content: cardContent(pending.card, undefined), waitsHere: true });
  }
  if (pending?.kind === "ask" && !out.some((a) => a.waitsHere)) {
    out.push({ type: ACTIVITY.form, content: formContent(pending.field, fieldOf(skill, pending.field), question(turn)), waitsHere: true });
  }
  if (pending?.kind === "approval") {
    const card = turn.cards.find((c) => c.confirm === pending.confirm);
    out.push({ type: ACTIVITY.approval, content: { role: pending.role, confirm: pending.confirm, ...(card && { card }), status: "waiting" }, waitsHere: true });
  }
  return out;
}

function widgetActivity(widget: WidgetView, skill: Skill, turn: ShownTurn): Activity {
  const pending = turn.pending;
  const asked = (pending?.kind === "ask" && pending.field === widget.field) || (pending?.kind === "decide" && pending.decide === widget.field);
  if (widget.kind === "grid") {
    const rows = widget.rows ?? [];
    const shown = gridColumns(skill, widget.field, rows);
    const content = { name: widget.name, field: widget.field, question: question(turn), columns: shown.map((c) => c.key), headers: shown.map((c) => c.label), rows, ...(widget.many && { many: true }) };
    return { type: ACTIVITY.grid, content, waitsHere: asked };
  }
  if ((widget.kind === "card" || widget.kind === "checkout") && widget.card) {
    const type = widget.kind === "checkout" ? ACTIVITY.checkout : ACTIVITY.card;
    return { type, content: cardContent(widget.card, widget.name), waitsHere: pending?.kind === "confirm" && pending.confirm === widget.card.confirm };
  }
  const field = widget.field ?? "";
  // A decide's buttons carry its options' words: the rows are its options (`{ id: key, label }`).
  const options = pending?.kind === "decide" && pending.decide === field ? { options: pending.options } : {};
  return { type: ACTIVITY.form, content: { name: widget.name, ...formContent(field, fieldOf(skill, field), question(turn)), ...options }, waitsHere: asked };
}

function cardContent(card: Card, name: string | undefined): Record<string, unknown> {
  return { ...(name && { name }), confirm: card.confirm, question: card.question, writes: card.writes, digest: card.digest };
}

/** A plain field: its question and the JSON Schema of its value (type, range, choices, secret). */
function formContent(field: string, decl: FieldDecl | undefined, text: string | undefined): Record<string, unknown> {
  return { field, ...(text && { question: text }), secret: Boolean(decl?.secret), input: valueSchema(decl, undefined) };
}

function fieldOf(skill: Skill, name: string): FieldDecl | undefined {
  return Object.hasOwn(skill.fields, name) ? skill.fields[name] : undefined;
}

function question(turn: ShownTurn): string | undefined {
  const kind = turn.pending?.kind;
  return kind === "ask" || kind === "decide" ? turn.reply[turn.reply.length - 1] : undefined;
}

/**
 * What an `interrupt()` of a hosted skill says it waits for — the interrupt's value, read by a client
 * (`useStream`'s `interrupt.value`, Studio, the SDK's `thread.interrupts`) to draw the wait:
 *
 * - `ask`: a question for one field; `rows` when it is a pick from a grid (each row's `id` is what the
 *   pick sends), `choices` when the field is one of a fixed list; `secret` when the answer must not be shown.
 * - `confirm`: a card — every write it covers with its exact inputs, and its `digest`, which the press
 *   must carry back (a press for another digest runs nothing).
 * - `approval`: a confirm waiting for a role; answered only by a verified approver (`approval-token.ts`).
 * - `menu`: several skills hosted and none in progress; the person answers with text.
 *
 * Pure.
 */
import type { Card, Skill } from "@skillflow/core";
import type { TurnResult } from "../render/render-turn.js";

export type WaitValue =
  | {
    kind: "ask"; question: string; field: string; secret: boolean; pick: boolean; many?: true;
    rows?: Array<Record<string, unknown>>; choices?: string[];
  }
  | { kind: "confirm"; question: string; confirm: string; card: Card }
  | { kind: "approval"; question: string; confirm: string; role: string; request: string; card?: Card }
  | { kind: "menu"; question: string; skills: Array<{ name: string; description: string }> };

/**
 * The wait after `turn`, or null when the flow waits for nothing (finished, or handed to a person).
 * `skill`: the skill in progress (null: none, several hosted). `previous`: the value of the last
 * interrupt, kept when the turn showed the same wait without its widget (a refusal).
 */
export function waitValueOf(turn: TurnResult, skill: Skill | null, hosted: Skill[], previous: WaitValue | null): WaitValue | null {
  if (turn.handedOff || turn.done) return null;
  const question = turn.reply[turn.reply.length - 1] ?? "";
  const pending = turn.pending;
  if (!skill || !pending) {
    if (hosted.length < 2) return null;
    return { kind: "menu", question, skills: hosted.map((s) => ({ name: s.name, description: s.description })) };
  }
  if (pending.kind === "done") return null;
  if (pending.kind === "confirm") return { kind: "confirm", question: pending.card.question, confirm: pending.confirm, card: pending.card };
  if (pending.kind === "approval") {
    const card = turn.cards.find((c) => c.confirm === pending.confirm) ?? (previous?.kind === "approval" ? previous.card : undefined);
    return { kind: "approval", question, confirm: pending.confirm, role: pending.role, request: pending.requestId, ...(card && { card }) };
  }
  if (pending.kind === "decide") {
    // A decide waits like an ask of its id: one row per option; the answer is a press carrying the option.
    const rows = pending.options.map((o) => ({ id: o.key, label: o.label }));
    return { kind: "ask", question: pending.question, field: pending.decide, secret: false, pick: true, rows, choices: pending.options.map((o) => o.key) };
  }
  const grid = turn.widgets.find((w) => w.kind === "grid" && w.field === pending.field);
  const kept = previous?.kind === "ask" && previous.field === pending.field ? previous : undefined;
  const rows = grid?.rows ?? kept?.rows;
  const field = Object.hasOwn(skill.fields, pending.field) ? skill.fields[pending.field] : undefined;
  const choices = field?.shape.kind === "choices" ? field.shape.choices : undefined;
  return {
    kind: "ask", question: question || kept?.question || "", field: pending.field, secret: pending.secret, pick: pending.pick,
    ...(pending.many && { many: true as const }), ...(rows && { rows }), ...(choices && { choices: [...choices] }),
  };
}

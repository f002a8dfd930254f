/**
 * The interrupt a run ends with, from what the flow waits for after its last turn: a question
 * (`input_required`), a card (`confirmation`) or an approval from outside (`approval`). Returns the
 * AG-UI `Interrupt` to send and the `OpenInterrupt` the server keeps to check the run that answers it.
 * A re-shown interrupt keeps its id; anything new gets a new one. Pure apart from the id maker.
 */
import type { Interrupt } from "@ag-ui/core";
import type { Skill } from "@skillflow/core";
import type { OpenInterrupt, ShownTurn } from "../store/serve-types.js";
import { CONFIRM_ANSWER_SCHEMA, fieldAnswerSchema, valueSchema } from "./response-schema.js";

export interface InterruptPair {
  wire: Interrupt;
  open: OpenInterrupt;
}

/**
 * The interrupt for `turn` (the last turn of the run), or undefined when the flow waits for nothing
 * (finished, or no skill in progress). `previous` is the interrupt open before the run: kept (same id)
 * when the flow still waits for the same thing and the run did not answer it.
 */
export function interruptOf(turn: ShownTurn, skill: Skill, previous: OpenInterrupt | null, answered: boolean, newId: () => string): InterruptPair | undefined {
  const pending = turn.pending;
  if (!pending || pending.kind === "done") return undefined;
  const message = turn.reply[turn.reply.length - 1];
  const keep = (signature: string) => (!answered && previous?.signature === signature ? previous.id : newId());
  if (pending.kind === "ask") {
    const grid = turn.widgets.find((w) => w.kind === "grid" && w.field === pending.field);
    const field = Object.hasOwn(skill.fields, pending.field) ? skill.fields[pending.field] : undefined;
    const allowed = grid?.rows?.map((row) => String(row.id));
    const choices = field?.shape.kind === "choices" ? field.shape.choices : undefined;
    const many = Boolean(pending.many && allowed);
    const signature = `ask:${pending.answerKey}:${(allowed ?? []).join(",")}`;
    const id = keep(signature);
    const open: OpenInterrupt = { id, kind: "ask", field: pending.field, secret: pending.secret, signature };
    const offered = allowed ?? choices;
    if (offered) open.allowed = offered;
    if (many) open.many = true;
    const skillflow = { kind: "ask", field: pending.field, secret: pending.secret, pick: pending.pick, ...(many && { many: true }), ...(grid && { widget: grid.name }) };
    const wire: Interrupt = {
      id, reason: "input_required", responseSchema: fieldAnswerSchema(pending.field, valueSchema(field, allowed, many)),
      metadata: { skillflow }, ...(message && { message }),
    };
    return { wire, open };
  }
  if (pending.kind === "decide") {
    // A decide is answered like a pick of its id: one of its option keys, applied as the press of that option.
    const keys = pending.options.map((o) => o.key);
    const signature = `decide:${pending.key}:${pending.digest}`;
    const id = keep(signature);
    const open: OpenInterrupt = { id, kind: "ask", field: pending.decide, secret: false, signature, allowed: keys };
    const field = Object.hasOwn(skill.fields, pending.decide) ? skill.fields[pending.decide] : undefined;
    const wire: Interrupt = {
      id, reason: "input_required", message: pending.question, responseSchema: fieldAnswerSchema(pending.decide, valueSchema(field, keys, false)),
      metadata: { skillflow: { kind: "decide", decide: pending.decide, options: pending.options } },
    };
    return { wire, open };
  }
  if (pending.kind === "confirm") {
    const card = pending.card;
    const signature = `confirm:${pending.key}:${card.digest}`;
    const id = keep(signature);
    const open: OpenInterrupt = { id, kind: "confirm", confirm: pending.confirm, card: card.digest, signature };
    const wire: Interrupt = {
      id, reason: "confirmation", message: card.question, responseSchema: CONFIRM_ANSWER_SCHEMA,
      metadata: { skillflow: { kind: "confirm", confirm: pending.confirm, card } },
    };
    return { wire, open };
  }
  const signature = `approval:${pending.requestId}`;
  const id = keep(signature);
  const card = turn.cards.find((c) => c.confirm === pending.confirm);
  const open: OpenInterrupt = { id, kind: "approval", confirm: pending.confirm, requestId: pending.requestId, role: pending.role, signature };
  const wire: Interrupt = {
    id, reason: "approval",
    message: `Waiting for ${pending.role} to ${card?.options ? "choose" : "approve"}${card ? `: ${card.question}` : "."} This is answered on the approver's page, not in the chat.`,
    metadata: { skillflow: { kind: "approval", confirm: pending.confirm, role: pending.role, ...(card && { card }) } },
  };
  return { wire, open };
}

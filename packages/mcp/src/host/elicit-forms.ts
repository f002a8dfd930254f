/**
 * The form elicitations (`elicitation/create`, mode "form") that ask the person — never the host's
 * model — for a pick or a confirmation, and how their answers become the flow's typed events. Pure.
 *
 * A pick is a single-select over the rows' ids, each titled with the grid's shown columns in words (the
 * first alone, then `Header: value`, as the skill's `columns:` chose them; the id when none has a value).
 * A pick of several rows (`many: true`) is the specification's titled multi-select (2025-11-25, SEP-1330:
 * `type: array`, `items.anyOf` of `{ const, title }`, `minItems: 1`); the list the person gives is sent
 * as it came — an id that is not a row, or one given twice, is the runtime's to refuse, and it asks again.
 * A confirmation shows the card (the question and every write with its exact inputs, in words) and asks
 * one yes/no; accept with yes presses it, accept with no or decline presses no, cancel (the form was
 * dismissed) answers nothing.
 */
import { describeValue, type ShownColumn } from "@skillflow/core";
import type { FlowInput } from "@skillflow/langgraph";
import { describeWrite, type WriteView } from "./turn-view.js";

export interface FormRequest {
  mode: "form";
  message: string;
  requestedSchema: { type: "object"; properties: Record<string, Record<string, unknown>>; required: string[] };
}

export interface ElicitAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

export function pickForm(field: string, question: string, rows: ReadonlyArray<Record<string, unknown>>, columns: readonly ShownColumn[], many = false): FormRequest {
  const options = rows.filter((row) => typeof row.id === "string" || typeof row.id === "number")
    .map((row) => ({ const: String(row.id), title: rowTitle(row, columns) }));
  const property = many
    ? { type: "array", title: question, minItems: 1, items: { anyOf: options } }
    : { type: "string", title: question, oneOf: options };
  return { mode: "form", message: question, requestedSchema: { type: "object", properties: { [field]: property }, required: [field] } };
}

/** The person's pick as a typed event (a list of ids for `many`), or undefined when they gave none. */
export function pickAnswer(field: string, answer: ElicitAnswer, many = false): FlowInput | undefined {
  const value = answer.action === "accept" ? answer.content?.[field] : undefined;
  const given = many ? Array.isArray(value) : typeof value === "string";
  return given ? { pick: { [field]: value } } : undefined;
}

export function confirmForm(question: string, writes: readonly WriteView[]): FormRequest {
  const lines = writes.map((write) => `- ${describeWrite(write)}`);
  const message = lines.length ? `${question}\n\nThis will run, with exactly these details:\n${lines.join("\n")}` : question;
  return {
    mode: "form",
    message,
    requestedSchema: {
      type: "object",
      properties: { confirm: { type: "boolean", title: "Yes, go ahead", description: question, default: false } },
      required: ["confirm"],
    },
  };
}

/**
 * The person's answer to a confirmation as a press, or undefined when they dismissed the form. `card` is
 * the digest of the card the form showed: the press answers that card only, so a card that changed while
 * the form was open (another call on the conversation) is not answered by a yes given for the earlier one.
 */
export function confirmAnswer(confirm: string, answer: ElicitAnswer, card?: string): FlowInput | undefined {
  if (answer.action === "cancel") return undefined;
  const yes = answer.action === "accept" && answer.content?.confirm === true;
  return card === undefined ? { press: confirm, yes } : { press: confirm, yes, card };
}

/** "TP1350 · Airline: TAP · Fare: 320" — the shown columns of a row in words (empty cells left out). */
function rowTitle(row: Record<string, unknown>, columns: readonly ShownColumn[]): string {
  const cells = columns.map((c) => ({ ...c, text: describeValue(row[c.key]) })).filter((c) => c.text !== "");
  const [first, ...rest] = cells;
  return [first?.text ?? String(row.id), ...rest.map((c) => `${c.label}: ${c.text}`)].join(" · ");
}

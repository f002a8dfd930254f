/**
 * The form elicitations (`elicitation/create`, mode "form") that ask the person — never the host's
 * model — for a pick or a confirmation, and how their answers become the flow's typed events. Pure.
 *
 * A pick is a single-select over the rows' ids, each titled with the row's other columns. A confirmation
 * shows the card (the question and every write with its exact inputs) and asks one yes/no; accept with
 * yes presses it, accept with no or decline presses no, cancel (the form was dismissed) answers nothing.
 */
import type { FlowInput } from "@skillflow/langgraph";
import type { WriteView } from "./turn-view.js";

export interface FormRequest {
  mode: "form";
  message: string;
  requestedSchema: { type: "object"; properties: Record<string, Record<string, unknown>>; required: string[] };
}

export interface ElicitAnswer {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

export function pickForm(field: string, question: string, rows: ReadonlyArray<Record<string, unknown>>): FormRequest {
  const options = rows.filter((row) => typeof row.id === "string" || typeof row.id === "number")
    .map((row) => ({ const: String(row.id), title: rowTitle(row) }));
  return {
    mode: "form",
    message: question,
    requestedSchema: { type: "object", properties: { [field]: { type: "string", title: question, oneOf: options } }, required: [field] },
  };
}

/** The person's pick as a typed event, or undefined when they gave none. */
export function pickAnswer(field: string, answer: ElicitAnswer): FlowInput | undefined {
  const value = answer.action === "accept" ? answer.content?.[field] : undefined;
  return typeof value === "string" ? { pick: { [field]: value } } : undefined;
}

export function confirmForm(question: string, writes: readonly WriteView[]): FormRequest {
  const lines = writes.map((write) => `- ${write.tool}: ${describeInputs(write.inputs)}`);
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

/** The person's answer to a confirmation as a press, or undefined when they dismissed the form. */
export function confirmAnswer(confirm: string, answer: ElicitAnswer): FlowInput | undefined {
  if (answer.action === "cancel") return undefined;
  const yes = answer.action === "accept" && answer.content?.confirm === true;
  return { press: confirm, yes };
}

/** "TAP · 12:30 · 16:15 · 320" — a row's columns other than its id. */
function rowTitle(row: Record<string, unknown>): string {
  const rest = Object.entries(row).filter(([key, value]) => key !== "id" && value !== null && typeof value !== "object");
  return [String(row.id), ...rest.map(([, value]) => String(value))].join(" · ");
}

function describeInputs(inputs: Record<string, unknown>): string {
  const parts = Object.entries(inputs).map(([name, value]) => `${name} ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return parts.length ? parts.join(", ") : "no inputs";
}

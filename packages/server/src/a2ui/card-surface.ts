/**
 * A confirmation (`skillflow.card`, `skillflow.checkout`) as an A2UI surface: a Card with the question,
 * one line per write in words, every input shown (`Book Hotel Baixa Nova for 3 nights — Conference:
 * Lisbon AI Summit`, core's `writeInWords`), and
 * Yes (Pay, on a checkout) / No buttons. Both dispatch `skillflow.press { interruptId, confirm, digest,
 * yes }`: the digest is the card's as drawn, so a press stays bound to the exact inputs shown — the
 * server refuses one whose digest is not the open card's. A waiting approval (`skillflow.approval`) is a
 * Card with one line and no button: it is answered on the approver's page, never here. Pure.
 */
import { writeInWords } from "@skillflow/core";
import { A2UI_ACTION, button, card, column, interrupt, row, surface, text, type A2uiMessage } from "./a2ui-components.js";

export interface CardContent {
  confirm: string;
  question: string;
  writes: Array<{ tool: string; inputs: Record<string, unknown>; words?: string; details?: Array<{ label: string; value: string }> }>;
  digest: string;
  interruptId?: string;
}

export function cardSurface(surfaceId: string, content: CardContent, checkout: boolean): A2uiMessage[] {
  const lines = content.writes.map((w, i) => text(`write.${i}`, writeLine(w)));
  const press = (yes: boolean) => ({ ...interrupt(content), confirm: content.confirm, digest: content.digest, yes });
  const yes = button("yes", checkout ? "Pay" : "Yes", A2UI_ACTION.press, press(true), { primary: true });
  const no = button("no", "No", A2UI_ACTION.press, press(false));
  return surface(surfaceId, [
    card("root", "body"),
    column("body", ["question", ...lines.map((l) => l.id), "buttons"]),
    text("question", content.question, "h4"),
    ...lines,
    row("buttons", ["yes", "no"]),
    ...yes,
    ...no,
  ]);
}

/** A write as the chat page shows it: its words, then each input they leave out. */
export function writeLine(write: CardContent["writes"][number]): string {
  return writeInWords(write);
}

export interface ApprovalContent {
  role: string;
  confirm: string;
  status: "waiting" | "approved" | "rejected";
  card?: { question: string };
}

export function approvalSurface(surfaceId: string, content: ApprovalContent): A2uiMessage[] {
  const words = content.status === "waiting"
    ? `Waiting for ${content.role} to approve${content.card ? `: ${content.card.question}` : "."}`
    : content.status === "approved" ? `Approved by ${content.role}.` : `Declined by ${content.role}.`;
  return surface(surfaceId, [card("root", "status"), text("status", words)]);
}

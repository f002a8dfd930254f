/**
 * What a typed line means, given what the flow waits for. Data entry never goes through the model:
 * a number (or a row's id) while a pick is pending is a `pick` event — for a pick of several rows, a
 * line of numbers, ranges or ids ("1, 3", "1 and 3", "1-3") picks those rows together (`read-rows.ts`);
 * a yes or a no of the runtime's fixed list at a confirmation ("yes please", "ok", "no thanks":
 * `readYesNo` in @skillflow/core) is a `press` event of the card on screen, bound to its digest; and a
 * line typed while a secret is pending is sent exactly as typed — even one that looks like a
 * `/command`: while a secret is asked, the line is the secret, never a command. Anything else is free
 * text, for the runtime (a row named by its words at a grid: `readTypedAnswer`) or the model, and a
 * known `/command` is the terminal's own. A line of more than MAX_MESSAGE characters (a paste gone
 * wrong, a file piped in by mistake) is answered by the terminal and not sent, so it reaches no model.
 * A number (or a skill's name or title) typed at the menu of skills is sent as text: the flow opens
 * that skill without the model, the same for every host (`read-menu-pick.ts` in @skillflow/langgraph).
 * Pure.
 */
import { readYesNo, type ApprovalRequest, type Pending } from "@skillflow/core";
import type { FlowInput } from "@skillflow/langgraph";
import { pickHint, type PickOptions } from "./format-options.js";
import { readRows } from "./read-rows.js";

export type LineAction =
  /** Send this event to the flow. */
  | { kind: "send"; event: FlowInput }
  /** A terminal command (`/usage`, `/approve pay manager`…), outside the conversation. */
  | { kind: "command"; name: ChatCommandName; args: string[] }
  /** Answer locally; nothing is sent. */
  | { kind: "note"; text: string }
  /** An empty line. */
  | { kind: "none" };

export const CHAT_COMMANDS = ["help", "usage", "approve", "deny", "thread", "quit", "exit"] as const;
export type ChatCommandName = (typeof CHAT_COMMANDS)[number];

export interface LineContext {
  pending?: Pending | undefined;
  /** The numbered options on screen (a pick is pending). */
  options?: PickOptions | undefined;
  /** The status of the approval request `pending` waits on (see `TurnView.approvalStatus`). */
  approvalStatus?: ApprovalRequest["status"] | undefined;
}

/** The longest message sent to the flow; a longer line is answered by the terminal and not sent. */
export const MAX_MESSAGE = 10_000;

/** Interpret one line (without its newline). Pure. */
export function interpretLine(line: string, context: LineContext): LineAction {
  const { pending, options } = context;
  const secret = pending?.kind === "ask" && pending.secret;
  if (line.length > MAX_MESSAGE) return { kind: "note", text: tooLong(line.length) };
  if (secret) return line === "" ? { kind: "none" } : { kind: "send", event: { text: line } };
  const text = line.trim();
  const command = asCommand(text);
  if (command) return command;
  if (text === "") return { kind: "none" };
  if (text.startsWith("/") && !text.includes(" ", 1)) {
    return { kind: "note", text: `Unknown command ${text}. Type /help for the commands.` };
  }
  // A decide's options are numbered like a pick's; its option words typed go to the flow, which reads them with no model.
  if (((pending?.kind === "ask" && pending.pick) || pending?.kind === "decide") && options) return pickOrText(text, options);
  if (pending?.kind === "confirm") {
    const yes = readYesNo(text);
    if (yes !== undefined) return { kind: "send", event: { press: pending.confirm, yes, card: pending.card.digest } };
  }
  return { kind: "send", event: { text } };
}

/** A number in range or a row id picks; another number is refused locally; other text goes to the model. */
function pickOrText(text: string, options: PickOptions): LineAction {
  if (options.many) return rowsOrText(text, options);
  const count = options.values.length;
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n >= 1 && n <= count) return { kind: "send", event: { pick: { [options.field]: options.values[n - 1] } } };
    return { kind: "note", text: `There ${count === 1 ? "is 1 option" : `are ${count} options`}: type a number from 1 to ${count}.` };
  }
  const byId = options.values.find((value) => String(value).toLowerCase() === text.toLowerCase());
  if (byId !== undefined) return { kind: "send", event: { pick: { [options.field]: byId } } };
  return { kind: "send", event: { text } };
}

/** Several rows: the rows typed, as one list; a number out of range or named twice is one sentence and the grid again. */
function rowsOrText(text: string, options: PickOptions): LineAction {
  const read = readRows(text, options.values);
  if (read.kind === "rows") return { kind: "send", event: { pick: { [options.field]: read.values } } };
  if (read.kind === "refused") return { kind: "note", text: [read.sentence, ...options.lines, pickHint(options)].join("\n") };
  return { kind: "send", event: { text } };
}

function asCommand(text: string): LineAction | undefined {
  const match = /^\/([a-z]+)(?:\s+(.*))?$/i.exec(text);
  const name = match?.[1]!.toLowerCase() as ChatCommandName | undefined;
  if (!name || !CHAT_COMMANDS.includes(name)) return undefined;
  return { kind: "command", name, args: match![2]?.split(/\s+/).filter(Boolean) ?? [] };
}

function tooLong(length: number): string {
  const n = (x: number) => x.toLocaleString("en-US");
  return `That message has ${n(length)} characters; one message may have up to ${n(MAX_MESSAGE)}. Nothing was sent: say it in shorter messages.`;
}

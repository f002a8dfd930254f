/**
 * What one AG-UI run asks of the flow, decided before anything is sent: the `resume[]` entries become
 * picks and presses (typed events, never the model), the last user message — when it is new — a
 * `{ text }` event. Every entry must answer the interrupt open on the thread, with exactly the field it
 * asks and, for a pick or a choice, one of the values it offered (for a pick of several rows, a list of
 * them); otherwise the run is refused as a
 * whole, with one sentence, and nothing is sent. Pure.
 */
import type { Message, ResumeEntry, RunAgentInput } from "@ag-ui/core";
import type { FlowInput } from "../flow-port.js";
import type { OpenInterrupt, ThreadRecord } from "../store/serve-types.js";

export type RunPlan =
  | { ok: true; events: FlowInput[]; answered: boolean; messageId?: string }
  | { ok: false; code: string; message: string };

/** The plan for `input` on `thread` (as stored before the run). */
export function planRun(input: RunAgentInput, thread: ThreadRecord): RunPlan {
  const events: FlowInput[] = [];
  let answered = false;
  const resume = input.resume ?? [];
  const ids = new Set<string>();
  for (const entry of resume) {
    if (ids.has(entry.interruptId)) return refuse("duplicate_resume", `Interrupt ${entry.interruptId} is answered twice in one run.`);
    ids.add(entry.interruptId);
    const open = thread.interrupt;
    if (!open || open.id !== entry.interruptId) return refuse("interrupt_not_open", notOpen(entry.interruptId, open));
    if (entry.status === "cancelled") continue;
    const event = answerOf(entry, open);
    if ("code" in event) return refuse(event.code, event.message);
    events.push(event);
    answered = true;
  }
  const message = newUserMessage(input.messages, thread.seen);
  if (message) events.push({ text: message.text });
  return { ok: true, events, answered, ...(message && { messageId: message.id }) };
}

type Answer = FlowInput | { code: string; message: string };

/** A resolved entry as the event it stands for. */
function answerOf(entry: ResumeEntry, open: OpenInterrupt): Answer {
  const payload = entry.payload as unknown;
  if (open.kind === "approval") {
    return { code: "approval_elsewhere", message: `An approval for ${open.role} is given by a signed-in approver (POST /approvals/ID), never through the chat; this resume changed nothing.` };
  }
  if (!isRecord(payload)) return { code: "bad_payload", message: `The answer to interrupt ${open.id} must be an object: ${open.kind === "confirm" ? "{ \"yes\": true }" : `{ "${open.field}": value }`}.` };
  if (open.kind === "confirm") {
    const keys = Object.keys(payload);
    if (keys.length !== 1 || typeof payload.yes !== "boolean") {
      return { code: "bad_payload", message: `The answer to the card "${open.confirm}" is { "yes": true } or { "yes": false }.` };
    }
    return { press: open.confirm!, yes: payload.yes, card: open.card! };
  }
  const field = open.field!;
  const keys = Object.keys(payload);
  if (keys.length !== 1 || keys[0] !== field) {
    const given = keys.length === 0 ? "nothing" : keys.map((k) => `"${k}"`).join(", ");
    return { code: "wrong_field", message: `Interrupt ${open.id} asks for "${field}" only, and the answer gave ${given}.` };
  }
  const value = payload[field];
  if (deeperThan(value, MAX_DEPTH)) {
    return { code: "bad_payload", message: `The answer for "${field}" is nested more than ${MAX_DEPTH} levels deep; no field takes that.` };
  }
  if (open.many) return listOffered(field, value, open.allowed!);
  if (open.allowed && !open.allowed.includes(String(value))) {
    const shown = open.secret ? "That value" : `${JSON.stringify(value)}`;
    return { code: "not_offered", message: `${shown} is not one of the values offered for "${field}" (${open.allowed.join(", ")}).` };
  }
  return { pick: { [field]: value } };
}

/**
 * A pick of several rows: a list whose every element is an offered row id. An empty list or one that
 * names a row twice goes to the runtime, which refuses it in the person's words and asks again.
 */
function listOffered(field: string, value: unknown, allowed: string[]): Answer {
  if (!Array.isArray(value)) {
    return { code: "not_offered", message: `The answer for "${field}" is a list of the values offered (${allowed.join(", ")}), like ["${allowed[0] ?? "id"}"].` };
  }
  const stranger = value.find((v) => typeof v !== "string" || !allowed.includes(v));
  if (stranger !== undefined) {
    return { code: "not_offered", message: `${JSON.stringify(stranger)} is not one of the values offered for "${field}" (${allowed.join(", ")}).` };
  }
  return { pick: { [field]: value } };
}

/** Deeper than any field's value: refused here, before the runtime's recursive checks and copies see it. */
const MAX_DEPTH = 32;

/** Whether `value` nests objects or arrays more than `max` levels deep (walked without recursion). */
function deeperThan(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > max) return true;
    level = level.flatMap((v) => (v !== null && typeof v === "object" ? Object.values(v as object) : []));
  }
  return false;
}

/** The last user message, when the server has not turned it into an event yet. */
function newUserMessage(messages: Message[], seen: string[]): { id: string; text: string } | undefined {
  const last = [...messages].reverse().find((m) => m.role === "user");
  if (!last || seen.includes(last.id)) return undefined;
  const text = textOf(last.content).trim();
  return text ? { id: last.id, text } : undefined;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((p) => isRecord(p) && p.type === "text" && typeof p.text === "string").map((p) => (p as { text: string }).text).join("\n");
}

function notOpen(id: string, open: OpenInterrupt | null): string {
  const now = open ? `the open one is ${open.id}` : "none is open on this conversation";
  return `Interrupt ${id} is not open (${now}); nothing was changed. Start a run without it to see where the conversation stands.`;
}

function refuse(code: string, message: string): RunPlan {
  return { ok: false, code, message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

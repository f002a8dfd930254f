/**
 * The events a host sends to a flow, in the embedding API's words, and their translation into the
 * runtime's typed events. A pick, press, approval or skill opening is applied as typed, never through
 * the model. Pure.
 */
import type { FlowEvent } from "@skillflow/core";

export type FlowInput =
  /**
   * Free text from the person. `relayed: true`: text another model passed on (an MCP host's model calling
   * a skill tool), not typed by the person — read as any message, never as a yes at a card or a row
   * picked at a grid (see docs/embedding.md).
   */
  | { text: string; relayed?: boolean }
  /** A widget's field update (a row click): exactly one field. */
  | { pick: Record<string, unknown> }
  /**
   * A confirm button: yes unless `yes: false`. `card` is the digest of the card the person saw
   * (`TurnResult.cards[i].digest`, `pending.card.digest`): the press is refused when the card pending
   * now is another one. Without `card`, it answers whatever card is pending (see docs/embedding.md).
   * At a `decide`, `press` is the decide's id and `option` the option chosen (`card`: the question's digest).
   */
  | { press: string; yes?: boolean; card?: string; option?: string }
  /**
   * An approval from outside the conversation, naming the role that gives it. `request` is the id of the
   * request the approver saw (`request_approval` effect, `pending.requestId`): when given, the approval
   * counts only while that request is the one waiting. Without it, it applies to whatever request waits.
   * For a `decide … by:`, an approval carries `option` (one of the request's options); `yes: false` is `no`.
   */
  | { approve: string; by: string; yes?: boolean; request?: string; option?: string }
  /** Answers given by the host (fixtures, prefilled forms), applied without who-may-set-what checks. */
  | { preset: Record<string, unknown> }
  /**
   * Start (or resume from hold) the hosted skill of this name, with no model call: a pick from a menu of
   * skills. The skill in progress, if another, is put on hold as a switch would. The skill then asks its
   * question as after its first message. A name the flow does not host changes nothing (traced `dropped`).
   */
  | { open: string };

/** What the graph receives from `send`: a runtime event, or a skill to open (handled by the host). */
export type HostEvent = FlowEvent | { type: "open"; skill: string };

/** A send() argument that is not one of the event forms. */
export class FlowInputError extends Error {
  override name = "FlowInputError";
}

/** Translate an embedding event into the runtime's event. Throws FlowInputError on a malformed one. */
export function toFlowEvent(input: FlowInput): HostEvent {
  const i = input as Record<string, unknown>;
  if (typeof i.text === "string") return i.relayed === true ? { type: "text", text: i.text, relayed: true } : { type: "text", text: i.text };
  if (isRecord(i.pick)) {
    const entries = Object.entries(i.pick);
    if (entries.length !== 1) throw new FlowInputError("A pick sets exactly one field: { pick: { field: value } }.");
    const [field, value] = entries[0]!;
    return { type: "pick", field, value };
  }
  if (typeof i.press === "string") {
    if (i.card !== undefined && typeof i.card !== "string") {
      throw new FlowInputError("A press's card is the digest of the card answered: { press: id, card: \"digest\" }.");
    }
    const option = optionOf(i.option);
    const event: FlowEvent = { type: "press", confirm: i.press, yes: i.yes !== false, ...(option !== undefined && { option }) };
    return typeof i.card === "string" ? { ...event, card: i.card } : event;
  }
  if (typeof i.approve === "string") {
    if (typeof i.by !== "string" || !i.by) throw new FlowInputError("An approval names its role: { approve: id, by: role }.");
    if (i.request !== undefined && typeof i.request !== "string") {
      throw new FlowInputError("An approval's request is the id of the request approved: { approve: id, by: role, request: \"id\" }.");
    }
    const option = optionOf(i.option);
    const event: FlowEvent = { type: "approve", confirm: i.approve, by: i.by, yes: i.yes !== false, ...(option !== undefined && { option }) };
    return typeof i.request === "string" ? { ...event, request: i.request } : event;
  }
  if (isRecord(i.preset)) return { type: "preset", values: i.preset };
  if (typeof i.open === "string" && i.open) return { type: "open", skill: i.open };
  throw new FlowInputError("An event is { text }, { pick: { field: value } }, { press: id }, { approve: id, by: role }, { preset: values } or { open: skill }.");
}

/** A press's or approval's `option` (a decide's option key), or undefined when absent. */
function optionOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !value) throw new FlowInputError("An option is the key of one of the decide's options: { press: id, option: \"key\" }.");
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What the server keeps beside the conversations: who owns a thread, the interrupt it left open, the
 * last turn shown (to show it again), turns produced outside the chat (an approval) waiting to be
 * delivered, the index of approval requests across threads, and the audit of approvals given.
 * Everything here is already redacted: it is built from `TurnResult`s, which hold no secret in clear.
 */
import type { Card, Pending, WidgetView } from "@skillflow/core";
import type { RunRecord } from "../runs/run-journal.js";

/** The interrupt a run ended with, as the server needs it to check the run that answers it. */
export interface OpenInterrupt {
  /** The AG-UI `Interrupt.id`; a resume entry names it. */
  id: string;
  kind: "ask" | "confirm" | "approval";
  /** ask: the field asked, whether it is secret, and the only values a resume may give (rows, choices). */
  field?: string;
  secret?: boolean;
  allowed?: string[];
  /** ask: a pick of several rows (`many: true`): the answer is a list, each element one of `allowed`. */
  many?: true;
  /** confirm, approval: the confirm id; confirm: the digest of the card shown. */
  confirm?: string;
  card?: string;
  /** approval: the runtime's request id and the role it waits for. */
  requestId?: string;
  role?: string;
  /** What the flow was waiting for, to tell a re-shown interrupt from a new one. */
  signature: string;
}

/** A turn as shown to the person (redacted), kept to show it again or to deliver it later. */
export interface ShownTurn {
  /** Stable per turn: message ids of its events derive from it. */
  id: string;
  reply: string[];
  /** What the turn set, said before its reply when it waits on the question the turn before it did ("Noted: nights 4."). */
  noted?: string;
  /** What `flow chat` says before a turn's lines (core's `changeNotes`): a declined card, values not taken, a message that answered nothing. */
  notes?: string[];
  widgets: WidgetView[];
  cards: Card[];
  pending?: Pending;
  done: boolean;
  /** Reply lines that refuse an answer (shown next to the question). */
  refused?: string[];
  /** Several skills: the skill in progress after the turn. */
  skill?: string | null;
  /** The turn an approver's answer produced: which request it answered, and how. */
  approval?: { confirm: string; role: string; yes: boolean };
}

export interface ThreadRecord {
  threadId: string;
  owner: string;
  /** Ids of the user messages already turned into events (the newest few). */
  seen: string[];
  interrupt: OpenInterrupt | null;
  lastTurn: ShownTurn | null;
  /** Turns produced outside the chat (approvals), delivered on the conversation's next run. */
  outbox: ShownTurn[];
  /** The last few runs with input that finished, to answer a retry of one (runs/run-journal.ts). */
  runs: RunRecord[];
}

export type ApprovalStatus = "waiting" | "approved" | "rejected" | "stale";

export interface ApprovalRecord {
  /** The server's id for the request (`GET /approvals`, `POST /approvals/:id`). */
  id: string;
  threadId: string;
  /** The runtime's request id, sent back with the approval so a changed card is refused. */
  requestId: string;
  confirm: string;
  role: string;
  card: Card;
  status: ApprovalStatus;
  createdAt: string;
  answeredBy?: string;
  answeredAt?: string;
}

export interface AuditEntry {
  approvalId: string;
  threadId: string;
  requestId: string;
  approver: string;
  role: string;
  yes: boolean;
  /** The digest of the card the approver answered. */
  digest: string;
  at: string;
}

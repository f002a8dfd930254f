/**
 * The runtime's data: conversation state, events in, effects and trace out.
 * `step(skill, state, event) -> { state, effects, trace }` is pure; these types are its contract with
 * the LangGraph host (which runs `call` effects and feeds `tool_result` events back).
 * Everything here is plain JSON so any LangGraph checkpointer can store it.
 */
import type { EndStatus, ToolKind } from "../format/ir.js";

/**
 * Where a value came from. `default`: the field's `default:` expression gave it when its ask was
 * reached with no answer; it follows the expression (re-evaluated on every replay) until a value from
 * anywhere else replaces it.
 */
export type Provenance = "model" | "user" | "widget" | "approval" | "fixture" | "default";

/** Answers are keyed by field name, or `field@scope` inside a `repeat` (scope: `repeatStepId:rowKey`, nested with `/`). */
export interface Answer {
  value: unknown;
  by: Provenance;
  turn: number;
}

export interface Confirmation {
  /** Key: confirm id, plus `@scope` inside a repeat. */
  key: string;
  /** The confirm id. */
  confirm: string;
  answer: "yes" | "no";
  /** Digest of every covered write and its exact inputs, as shown on the card that was answered. */
  digest: string;
  by: Provenance;
  turn: number;
  /**
   * A `decide` step's decision: the option chosen (or `no`, a role's rejection). `digest` is then that of
   * the question as rendered with its options, so a changed question voids the decision.
   */
  option?: string;
}

/** An option of a `decide` as shown: its key (what a press or an approval carries) and its words. */
export interface DecideChoice {
  key: string;
  label: string;
}

/**
 * `started`: sent to the host (a crash re-sends it with the same key). `done`: it ran. `failed`: the tool
 * said nothing was done (`ToolRejected`), so a correction may change it. `doubt`: it failed in a way that
 * does not say whether it ran (a timeout, a throw after doing its work): it is retried only with the
 * same inputs and key, and a change to its inputs is refused until it settles.
 */
export type LedgerStatus = "started" | "done" | "failed" | "doubt";

export interface LedgerEntry {
  tool: string;
  /** The write instance: step id plus `@scope` in a repeat. One completed run per instance per flow. */
  instance: string;
  idempotencyKey: string;
  inputs: Record<string, unknown>;
  inputsDigest: string;
  status: LedgerStatus;
  result?: unknown;
  error?: string;
  turn: number;
}

export interface LookupCacheEntry {
  tool: string;
  inputsDigest: string;
  result?: unknown;
  error?: string;
  /** The turn the entry was stored or last read on the path (the most recent ones are kept; absent: oldest). */
  turn?: number;
}

export interface ApprovalRequest {
  /** The request's id, unique in the flow: one per filing (a new card, or a new approval after a void). */
  id: string;
  /** The confirm's key (confirm id, plus `@scope` inside a repeat): where the approval is stored. */
  key: string;
  /** The turn it was filed on. */
  filed: number;
  confirm: string;
  role: string;
  card: Card;
  status: "waiting" | "approved" | "rejected";
  /**
   * For a `decide … by:` (its `card` lists no writes; its question is the decide's): the options the role
   * chooses between. An approval counts only with one of these keys; a rejection is the decision `no`.
   */
  options?: DecideChoice[];
  /** The option an approval of a decide chose. */
  option?: string;
}

/** A confirmation card: built by the runtime from the covered writes and their exact inputs. */
export interface Card {
  confirm: string;
  question: string;
  widget?: string;
  writes: CardWrite[];
  digest: string;
  /** A `decide … by:`'s card (it lists no writes): the options its role chooses between. */
  options?: DecideChoice[];
}

/**
 * A write on a card: the raw tool and inputs (for programs), and the same in words for the person —
 * `words`, the write's `card:` sentence (or its description), and `details`, every input the words do
 * not show, each with its label and its value in words. Words and details together show every input.
 */
export interface CardWrite {
  tool: string;
  instance: string;
  inputs: Record<string, unknown>;
  words: string;
  details: CardDetail[];
}

/** An input listed under a write's words: `Reason: no longer needed`. */
export interface CardDetail {
  input: string;
  label: string;
  value: string;
}

/** What the flow is waiting for after a replay. */
export type Pending =
  /**
   * `many`: the pick takes several rows (a list of row ids). `passes`: the pick of a pass to change at a
   * failing `repeat` check (`field` is the repeat's `as:` name, `stepId` the repeat's): each pass id
   * shown, with the scope of that pass.
   */
  | { kind: "ask"; field: string; answerKey: string; stepId: string; secret: boolean; pick: boolean; many?: true; passes?: Record<string, string> }
  | { kind: "confirm"; confirm: string; key: string; stepId: string; card: Card }
  | { kind: "approval"; confirm: string; key: string; stepId: string; role: string; requestId: string }
  /** A `decide` without `by:`: the person chooses one of `options` for the question rendered as `digest`. */
  | { kind: "decide"; decide: string; key: string; stepId: string; question: string; options: DecideChoice[]; digest: string }
  | { kind: "done" };

export interface Usage {
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface FlowState {
  /** The conversation (LangGraph thread id); part of every idempotency key. */
  flowId: string;
  /** Incremented on every person/outside event (not on tool results). */
  turn: number;
  answers: Record<string, Answer>;
  confirmations: Record<string, Confirmation>;
  ledger: Record<string, LedgerEntry>;
  lookups: Record<string, LookupCacheEntry>;
  approvals: Record<string, ApprovalRequest>;
  /**
   * The last text each `say` step instance showed, as a digest, keyed like a write instance (step id,
   * plus `@scope` in a repeat). A say is shown again only when its rendered text differs from this one.
   */
  said: Record<string, string>;
  pending?: Pending;
  /** Tool calls made during the current person event (for the per-event cap). */
  callsThisEvent: number;
  /** Writes that failed during the current event: not retried until the next person event. */
  failedThisEvent: string[];
  usage: Usage;
  /** A person event being checked against the writes already done (present only while its lookups run). */
  trial?: Trial;
  /**
   * Secret values that are not answers, the last few: typed and then refused by a check (a wrong PIN), or
   * typed before they were asked (an offer whose question was reached). Masked wherever they appear, in
   * what leaves the runtime and in the text sent to the model, like the secret answers. Encrypted at
   * rest with the checkpoint.
   */
  refusedSecrets?: string[];
  /**
   * Secrets volunteered in free text before they were asked (a match of a secret field's pattern named
   * as that secret, `hideSecrets`), by field: hidden from the model, and never taken as the answer — at
   * the field's question the person is told so and types it again.
   */
  offers?: Record<string, string>;
  /**
   * Fields whose answers were given from earlier in the conversation (`keep: conversation`, given when
   * the run started or came back from hold): checked again at their asks, never changed in this run.
   */
  kept?: string[];
  /**
   * Values a message gave this turn for kept answers, by answer key: refused at the field's ask while the
   * kept answer passes it, tried in its place when it no longer does. Dropped when the turn settles.
   */
  keptOffers?: Record<string, { value: unknown; by: Provenance }>;
  /**
   * The conversation was handed to a person outside it (a `handoff` step's tool ran, on this turn): it
   * has ended; every later person event is answered with one sentence and applies nothing.
   */
  handedOff?: { tool: string; instance: string; turn: number };
  /**
   * The conversation ended at an `end` step (on this turn), with its outcome and status: every later
   * person event is answered with one sentence and applies nothing.
   */
  ended?: { outcome: string; status: EndStatus; step: string; turn: number };
  /**
   * The last event from outside the tool loop was an approval (an approver's, not the person's): a card
   * pending now was shown in the approver's turn, not to the person, so a yes typed next is not read as
   * a press of it (`readTypedAnswer`). Cleared by the next event of the person.
   */
  approvedLast?: true;
}

/**
 * A person event that changed answers after some write completed, on trial: the replay checks that no
 * completed write would now receive other inputs. Accepted, its held-back effects are shown; refused,
 * the state goes back to `before`.
 */
export interface Trial {
  /** The state before the event was applied (the turn already counted). */
  before: FlowState;
  /** The fields the event changed. */
  fields: string[];
  /** What applying the event showed, held back until the trial is decided. */
  effects: Effect[];
}

/** What the model extracted from free text: proposed field values, or a raw reply that did not parse. */
export type Extraction =
  | { ok: true; values: Record<string, unknown>; reply?: string }
  | { ok: false; raw: string; error: string };

export type FlowEvent =
  /**
   * Free text. `extraction` is absent when the model was not called (a secret was pending). `offers`:
   * secrets volunteered in the text before they were asked (`hideSecrets`), kept masked for their fields.
   * `relayed`: the text was passed on by another model (an MCP host's), not typed by the person, so it is
   * never read as a yes at a card or a pick at a grid (`readTypedAnswer`).
   */
  | { type: "text"; text: string; extraction?: Extraction; offers?: Record<string, string>; relayed?: true }
  /** A widget's field update (a row click): applied as typed, never through the model. */
  | { type: "pick"; field: string; value: unknown }
  /**
   * A confirm button. `card` is the digest of the card the person answered (`Card.digest`): when given,
   * the press counts only while that card is the one pending. Without it, it answers the card pending now.
   * At a `decide`, `confirm` is the decide's id and `option` the option pressed (`card`: the question's digest).
   */
  | { type: "press"; confirm: string; yes: boolean; card?: string; option?: string }
  /**
   * An approval from outside the conversation, naming the role that gives it. With `request` (the id of
   * the request the approver saw), it counts only while that request is the one waiting. For a
   * `decide … by:`, an approval carries `option` (one of the request's options); a rejection is `no`.
   */
  | { type: "approve"; confirm: string; by: string; yes: boolean; request?: string; option?: string }
  /**
   * The host ran a tool the runtime asked for. A failed write is in doubt unless `rejected` says the
   * tool did nothing (it threw `ToolRejected`).
   */
  | {
      type: "tool_result";
      tool: string;
      key: string;
      ok: boolean;
      rejected?: boolean;
      output?: unknown;
      error?: string;
      durationMs: number;
    }
  /** Fixture answers (proofs) or host-provided answers, applied without checks of who may set them. */
  | { type: "preset"; values: Record<string, unknown> };

/** A widget to render with the reply. */
export interface WidgetView {
  name: string;
  kind: "grid" | "choices" | "card" | "checkout";
  /** For grids: the rows of the `from:` list. */
  rows?: Array<Record<string, unknown>>;
  /** For grids: several rows may be picked together, sent back as one list of row ids (`many: true`). */
  many?: true;
  field?: string;
  card?: Card;
}

export type Effect =
  | { type: "say"; text: string }
  | { type: "ask"; field: string; question: string; widget?: WidgetView; secret: boolean }
  | { type: "refuse"; field: string; message: string }
  | { type: "confirm"; card: Card; widget?: WidgetView }
  | { type: "request_approval"; request: ApprovalRequest }
  /** Run a tool and send back a `tool_result`. `key` is the lookup cache key or the write's idempotency key. */
  | { type: "call"; tool: string; kind: ToolKind; inputs: Record<string, unknown>; key: string; instance: string }
  | { type: "error"; message: string }
  | { type: "done" };

/** One structured record of what the runtime did; what `flow prove` checks and operators log. */
export type TraceEvent =
  | { type: "event"; event: string; turn: number }
  /** A step evaluated on a replay; a confirm passed or waiting for its approval carries its card's digest. */
  | { type: "step"; stepId: string; kind: string; outcome: string; digest?: string }
  | { type: "field_set"; field: string; key: string; by: Provenance; value: unknown }
  | { type: "dropped"; field: string; reason: string }
  | { type: "refused"; field: string; message: string }
  | { type: "tool_called"; tool: string; kind: ToolKind; inputsDigest: string; key: string }
  | { type: "tool_result"; tool: string; ok: boolean; durationMs: number; error?: string }
  | { type: "confirm_shown"; confirm: string; digest: string }
  | { type: "confirm_given"; confirm: string; yes: boolean; digest: string }
  | { type: "confirm_voided"; confirm: string; was: string; now: string }
  | { type: "approval_requested"; confirm: string; role: string; id: string }
  | { type: "approval_given"; confirm: string; role: string; yes: boolean; option?: string }
  /** A `decide` was answered: the option chosen (or `no`), by the person or by its role. */
  | { type: "decision_given"; decide: string; option: string; by: Provenance; digest: string }
  /** An approval naming a request that is not the one waiting (the card changed since): not applied. */
  | { type: "approval_stale"; confirm: string; role: string; request: string; current?: string }
  /** A person event refused as a whole: it would change the inputs of writes already done (or could not be checked). */
  | {
      type: "change_refused";
      fields: string[];
      writes: Array<{ tool: string; instance: string; inputs: string[] }>;
      message: string;
    }
  | { type: "said"; text: string }
  /** The hand-off tool ran and the conversation was handed over: it ends here (an embedding routes it to a person). */
  | { type: "handed_off"; tool: string; instance: string }
  /** An `end` step was reached: the conversation ends here with this outcome and status. */
  | { type: "ended"; outcome: string; status: EndStatus; step: string }
  /** A limit ended the turn: the tool calls of one event, or (`budget`) a model-call budget of the host's. */
  | { type: "limit"; message: string; budget?: { limit: string; max: number; used: number } }
  | { type: "model_call"; fields: string[]; inputTokens: number; outputTokens: number };

export interface StepResult {
  state: FlowState;
  effects: Effect[];
  trace: TraceEvent[];
}

export interface RuntimeLimits {
  /** Tool calls per person event (default 50). */
  maxCallsPerEvent: number;
}

/** What a host gives `step` besides the state and the event. */
export interface StepOptions extends Partial<RuntimeLimits> {
  /**
   * The key of every digest that leaves the runtime (cards, approval ids, idempotency keys, lookup keys,
   * traces): derive it from the deployment key. Every call for one deployment must give the same key.
   * Without it digests are unkeyed SHA-256 (tests only: a short secret could be computed back).
   */
  digestKey?: Uint8Array;
}

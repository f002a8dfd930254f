/**
 * What every handler of one server shares: the flow, the server's store, the clock, the log, the
 * approvers, and the drain state that graceful shutdown uses (running turns finish, new ones are refused).
 */
import { randomBytes } from "node:crypto";
import { changeNotes, expectedAnswer, notedValues, type Pending, type Skill } from "@skillflow/core";
import type { Flow, FlowInput, TurnResult } from "./flow-port.js";
import type { StartGate } from "./agui/start-gate.js";
import type { ApproverDirectory } from "./approvals/approvers.js";
import { problem } from "./http/respond.js";
import type { TurnLogLine } from "./log/turn-log.js";
import type { ServeStore } from "./store/serve-store.js";
import type { ShownTurn } from "./store/serve-types.js";

export interface ServerContext {
  flow: Flow;
  store: ServeStore;
  approvers: ApproverDirectory;
  now(): string;
  log(line: TurnLogLine | Record<string, unknown>): void;
  /** Who may show the pages in a frame: nobody (default), or pages of the same origin (the Studio's Flow page). */
  framing: "none" | "same-origin";
  /** Runs that arrive in one turn of the event loop pass it together (agui/start-gate.ts). */
  startGate: StartGate;
  /** Requests running now; `draining` once shutdown began (new runs get 503). */
  inflight: { count: number; draining: boolean; idle?: () => void };
}

/** A new random id with a prefix (`t_…` turn, `i_…` interrupt, `a_…` approval). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString("base64url")}`;
}

/** The skill a turn belongs to: the one in progress after it (several skills), else the flow's one. */
export function skillOf(flow: Flow, name: string | null | undefined): Skill {
  return (name && flow.skills.find((s) => s.name === name)) || flow.skill;
}

/**
 * What the server keeps of a turn (all redacted by the flow already). `before`: the turn shown just
 * before it in this conversation; when both wait on the same question (a correction at a list or a
 * card), the turn says what it set (`noted`, core's `notedValues`, the words `flow chat` says). `said`:
 * the flow, and whether the turn answered a typed message; with it, the turn carries the notes `flow
 * chat` prints before a turn (`notes`, core's `changeNotes`: values not taken from a message, a message
 * that answered nothing and what the question takes).
 */
export function toShown(turn: TurnResult, before?: ShownTurn | null, said?: { flow: Flow; fromText: boolean }): ShownTurn {
  const shown: ShownTurn = { id: newId("t"), reply: turn.reply, widgets: turn.widgets, cards: turn.cards, done: turn.done };
  const noted = sameQuestion(before?.pending, turn.pending) ? notedValues(turn.trace) : undefined;
  if (noted) shown.noted = noted;
  const notes = said ? turnNotes(turn, said.flow, noted === undefined && said.fromText) : [];
  if (notes.length) shown.notes = notes;
  if (turn.pending) shown.pending = turn.pending;
  const refused = turn.trace.flatMap((t) => (t.type === "refused" ? [t.message] : t.type === "change_refused" ? [t.message] : []));
  if (refused.length) shown.refused = refused;
  if (turn.skill !== undefined) shown.skill = turn.skill;
  const answered = turn.trace.find((t) => t.type === "approval_given");
  if (answered?.type === "approval_given") shown.approval = { confirm: answered.confirm, role: answered.role, yes: answered.yes };
  return shown;
}

/** `flow chat`'s notes for a turn (a turn that noted what it set is not also said to have answered nothing). */
function turnNotes(turn: TurnResult, flow: Flow, fromText: boolean): string[] {
  const skill = skillOf(flow, turn.skill);
  return changeNotes(turn, fromText, { hint: expectedAnswer(skill, turn.pending), menu: flow.skills.length > 1 });
}

/** Both wait on the same step (the same ask, or the same confirm): the question did not move on. */
function sameQuestion(a: Pending | undefined, b: Pending | undefined): boolean {
  return a !== undefined && b !== undefined && a.kind === b.kind && a.kind !== "done" && "stepId" in b && a.stepId === b.stepId;
}

/** The name of the skill a turn is about (for the log): several skills report it, one skill is the flow's. */
export function skillName(flow: Flow, turn: TurnResult): string | null {
  return turn.skill !== undefined ? turn.skill : flow.skill.name;
}

/**
 * A request that touches the stores: refused with 503 once shutdown began, else counted as running
 * until it settles, so shutdown waits for it (one whose body is still arriving included) before it
 * closes the stores under it.
 */
export function admitted(ctx: ServerContext, work: () => Promise<Response>, refusal = "takes no new requests"): Promise<Response> {
  if (ctx.inflight.draining) return Promise.resolve(problem(503, `The server is shutting down and ${refusal}; try again in a moment.`, { "retry-after": "5" }));
  return tracked(ctx, work);
}

/** Count a request as running until `work` settles; tells shutdown when the last one is done. */
export async function tracked<T>(ctx: ServerContext, work: () => Promise<T>): Promise<T> {
  ctx.inflight.count += 1;
  try {
    return await work();
  } finally {
    ctx.inflight.count -= 1;
    if (ctx.inflight.count === 0) ctx.inflight.idle?.();
  }
}

export type { FlowInput };

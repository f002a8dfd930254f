/**
 * The span of one turn (`send` or `resume`): `skillflow.turn`, with the conversation
 * (`gen_ai.conversation.id`: the thread id), the kind of event, how long the turn waited for its
 * thread's lock, and once it ran, the skill in progress, what the flow now waits for
 * (`ask:flight_id`, `confirm:pay`, `approval:supervisor`, `done`, as `flow serve` logs it), its model calls and tool runs,
 * and on the turn that reached an `end` step its outcome and status. The
 * model calls and tool runs of the turn are its children (the active span inside). Approvals and
 * limits reached are span events, from the turn's trace. A turn that throws ends the span with
 * ERROR and the error's class only (its message may quote what a tool or a provider was given).
 */
import type { Attributes, Span } from "@opentelemetry/api";
import type { Pending, TraceEvent } from "@skillflow/core";
import type { HostDeps } from "../graph/host-deps.js";
import type { TurnResult } from "../render/render-turn.js";
import { GEN_AI, inSpan, SKILLFLOW } from "./flow-tracer.js";

/**
 * Run one turn inside its span. `run` receives `entered`, to call once the thread's lock is held; the
 * turn it returns (undefined: `resume` found nothing to finish) is described on the span.
 */
export function traceTurn<T extends TurnResult | undefined>(
  deps: HostDeps, threadId: string, eventKind: string, run: (entered: () => void) => Promise<T>,
): Promise<T> {
  const attributes = { [GEN_AI.conversationId]: threadId, [SKILLFLOW.eventKind]: eventKind };
  return inSpan("skillflow.turn", { attributes }, async (span) => {
    const started = performance.now();
    const turn = await run(() => span.setAttribute(SKILLFLOW.lockWaitMs, Math.round(performance.now() - started)));
    if (turn) describeTurn(span, deps, turn);
    return turn;
  });
}

function describeTurn(span: Span, deps: HostDeps, turn: TurnResult): void {
  const skill = turn.skill === undefined ? deps.skills[0]!.skill.name : turn.skill;
  if (skill) span.setAttribute(SKILLFLOW.skill, skill);
  span.setAttribute(SKILLFLOW.waitsFor, waitsFor(turn.pending));
  span.setAttribute(SKILLFLOW.modelCalls, turn.usage.modelCalls);
  span.setAttribute(SKILLFLOW.toolRuns, turn.tools.length);
  if (turn.ended) span.setAttributes({ [SKILLFLOW.endOutcome]: turn.ended.outcome, [SKILLFLOW.endStatus]: turn.ended.status });
  for (const event of turn.trace) {
    const named = spanEvent(event);
    if (named) span.addEvent(named.name, named.attributes);
  }
}

/** What the flow waits for after the turn, in words for a trace. Pure. */
export function waitsFor(pending: Pending | undefined): string {
  if (!pending) return "nothing";
  switch (pending.kind) {
    case "ask":
      return `ask:${pending.field}`;
    case "confirm":
      return `confirm:${pending.confirm}`;
    case "approval":
      return `approval:${pending.role}`;
    default:
      return pending.kind;
  }
}

/** The span event for a trace event worth one (approvals, limits), or undefined. Pure. */
export function spanEvent(event: TraceEvent): { name: string; attributes: Attributes } | undefined {
  switch (event.type) {
    case "approval_requested":
      return { name: "skillflow.approval.requested", attributes: { [SKILLFLOW.confirm]: event.confirm, [SKILLFLOW.role]: event.role, [SKILLFLOW.request]: event.id } };
    case "approval_given":
      return { name: "skillflow.approval.given", attributes: { [SKILLFLOW.confirm]: event.confirm, [SKILLFLOW.role]: event.role, [SKILLFLOW.yes]: event.yes } };
    case "approval_stale":
      return { name: "skillflow.approval.stale", attributes: { [SKILLFLOW.confirm]: event.confirm, [SKILLFLOW.role]: event.role, [SKILLFLOW.request]: event.request } };
    case "limit":
      return { name: "skillflow.limit", attributes: limitAttributes(event) };
    default:
      return undefined;
  }
}

function limitAttributes(event: Extract<TraceEvent, { type: "limit" }>): Attributes {
  const budget = event.budget;
  if (!budget) return { [SKILLFLOW.limit]: "tool calls per event" };
  return { [SKILLFLOW.limit]: budget.limit, [SKILLFLOW.limitUsed]: budget.used, [SKILLFLOW.limitMax]: budget.max };
}

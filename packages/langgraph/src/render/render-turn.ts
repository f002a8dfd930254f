/**
 * What one turn shows: the reply lines, the widgets, the trace, the tools that ran, what the flow now
 * waits for, and the turn's model usage — with every secret redacted. Pure.
 */
import { redactSecrets, type Card, type Effect, type EndStatus, type FlowState, type Pending, type Skill, type TraceEvent, type Usage, type WidgetView } from "@skillflow/core";
import type { ToolRun, TurnOutput } from "../graph/flow-graph-state.js";
import type { RouteNote } from "../routing/routing-state.js";

export interface TurnResult {
  /** Lines to show, in order: said text, refusals, the chat reply, the question or the card. */
  reply: string[];
  widgets: WidgetView[];
  /** Confirmation cards shown this turn: every covered write with its exact inputs. */
  cards: Card[];
  trace: TraceEvent[];
  /** Tools the host ran this turn, in order. */
  tools: ToolRun[];
  /** What the flow waits for now (absent before the first replay). */
  pending?: Pending;
  /** The skill finished. */
  done: boolean;
  /**
   * This turn handed the conversation to a person (a `handoff` step's tool ran): route the thread to
   * them. Every later turn of the thread only says the person is with a human agent.
   */
  handedOff?: { tool: string };
  /**
   * This turn ended the conversation at an `end` step: its outcome and status. Every later turn of the
   * thread only says the conversation has ended.
   */
  ended?: { outcome: string; status: EndStatus };
  /** Model usage of this turn. */
  usage: Usage;
  /** Flows hosting several skills: the skill in progress after the turn, or null when none is. */
  skill?: string | null;
  /** Flows hosting several skills: what routing did this turn (started, resumed, held, cancelled). */
  route?: RouteNote;
}

/** Build the outward view of a turn from its output and the flow state after it. Pure. */
export function renderTurn(skill: Skill, flow: FlowState | null, out: TurnOutput): TurnResult {
  const reply: string[] = [];
  const widgets: WidgetView[] = [];
  for (const effect of out.effects) renderEffect(effect, reply, widgets);
  const cards = out.effects.flatMap((e) => (e.type === "confirm" ? [e.card] : e.type === "request_approval" ? [e.request.card] : []));
  const done = out.effects.some((e) => e.type === "done") || flow?.pending?.kind === "done";
  const view: TurnResult = {
    reply: dedupe(reply),
    widgets,
    cards,
    trace: out.trace,
    tools: out.tools,
    done,
    usage: out.usage,
  };
  if (flow?.pending) view.pending = flow.pending;
  const handed = out.trace.find((t) => t.type === "handed_off");
  if (handed) view.handedOff = { tool: handed.tool };
  const ended = out.trace.find((t) => t.type === "ended");
  if (ended) view.ended = { outcome: ended.outcome, status: ended.status };
  return flow ? redactSecrets(skill, flow, view) : view;
}

function renderEffect(effect: Effect, reply: string[], widgets: WidgetView[]): void {
  switch (effect.type) {
    case "say":
      reply.push(effect.text);
      return;
    case "refuse":
      reply.push(effect.message);
      return;
    case "ask":
      reply.push(effect.question);
      if (effect.widget) widgets.push(effect.widget);
      return;
    case "confirm":
      reply.push(effect.card.question);
      if (effect.widget) widgets.push(effect.widget);
      return;
    case "request_approval":
      reply.push(effect.request.options
        ? `Sent to ${effect.request.role} to choose: ${effect.request.card.question}`
        : `Sent to ${effect.request.role} for approval: ${effect.request.card.question}`);
      return;
    case "error":
      reply.push(effect.message);
      return;
    default:
      return;
  }
}

/** Consecutive identical lines are shown once (a refusal that repeats the question, for instance). */
function dedupe(lines: string[]): string[] {
  return lines.filter((line, i) => line.trim() !== "" && line !== lines[i - 1]);
}

/**
 * One structured JSON line per turn: the conversation, the skill, the kind of event (never its value),
 * the field a pick set (its name only), the tools that ran, the duration, model calls and tokens, and
 * what the flow waits for next. Built from the redacted `TurnResult` and the event's kind alone, so no
 * answer — secret or not — can reach the log. Pure.
 */
import type { FlowInput, SentTurn } from "../flow-port.js";

export interface TurnLogLine {
  at: string;
  via: "agui" | "approval";
  thread: string;
  skill: string | null;
  event: "text" | "pick" | "press" | "approve" | "preset";
  field?: string;
  tools: string[];
  failed: string[];
  durationMs: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  waits: string;
  /** A retried event the flow had already taken (nothing applied again; the turn as it stands). */
  repeated?: true;
}

export function turnLogLine(args: { at: string; via: TurnLogLine["via"]; thread: string; skill: string | null; event: FlowInput; turn: SentTurn; durationMs: number }): TurnLogLine {
  const { turn, event } = args;
  const kind = eventKind(event);
  const line: TurnLogLine = {
    at: args.at,
    via: args.via,
    thread: args.thread,
    skill: args.skill,
    event: kind,
    tools: turn.tools.map((t) => t.tool),
    failed: turn.tools.filter((t) => !t.ok).map((t) => t.tool),
    durationMs: Math.round(args.durationMs * 10) / 10,
    modelCalls: turn.usage.modelCalls,
    inputTokens: turn.usage.inputTokens,
    outputTokens: turn.usage.outputTokens,
    totalTokens: turn.usage.totalTokens,
    waits: waitsFor(turn),
  };
  if (turn.repeated) line.repeated = true;
  if (kind === "pick") line.field = Object.keys((event as { pick: Record<string, unknown> }).pick)[0]!;
  return line;
}

function eventKind(event: FlowInput): TurnLogLine["event"] {
  if ("text" in event) return "text";
  if ("pick" in event) return "pick";
  if ("press" in event) return "press";
  if ("approve" in event) return "approve";
  return "preset";
}

/** `ask:field`, `confirm:id`, `approval:role`, `done`, or `nothing` (no skill in progress). */
function waitsFor(turn: SentTurn): string {
  const p = turn.pending;
  if (!p) return "nothing";
  if (p.kind === "ask") return `ask:${p.field}`;
  if (p.kind === "confirm") return `confirm:${p.confirm}`;
  if (p.kind === "approval") return `approval:${p.role}`;
  return "done";
}

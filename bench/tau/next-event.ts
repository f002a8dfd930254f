/**
 * The scripted person's next event, read from what the flow shows: a pick from the grid it shows (the
 * row the task's data names), free text for a question (the model then extracts the value), a press on
 * the card when every input the task names is on it as the task has it, and a no otherwise. When the
 * task's data cannot answer, the reason is returned instead of an event. Pure.
 */
import type { FlowInput, TurnResult } from "@skillflow/langgraph";
import { canonicalJson } from "../../skills/retail/store/canonical.js";
import type { Persona } from "./persona.js";
import { valueFor, type Target } from "./answer-fields.js";

export type Next = { event: FlowInput } | { stuck: string; event?: FlowInput };

/** `rows` of the grids shown so far, by field (a question asked again shows no new grid). */
export type Grids = Map<string, Array<Record<string, unknown>>>;

export function nextEvent(result: TurnResult, grids: Grids, persona: Persona, target: Target): Next {
  const pending = result.pending;
  if (!pending || pending.kind === "done") return { stuck: "the skill ended before its write" };
  if (pending.kind === "approval") return { stuck: `the skill waits for an approval by ${pending.role}` };
  if (pending.kind === "confirm") return press(pending.confirm, pending.card, target);
  const question = result.reply.at(-1) ?? pending.field;
  const want = valueFor(pending.field, persona, target);
  if (want === undefined) return { stuck: `the skill asks for ${pending.field} ("${question}"), which the task's data does not give` };
  if (!pending.pick) return { event: { text: Array.isArray(want) ? want.join(", ") : String(want) } };
  const ids = new Set((grids.get(pending.field) ?? []).map((row) => String(row.id)));
  const missing = (Array.isArray(want) ? want : [want]).filter((id) => !ids.has(String(id)));
  if (missing.length > 0) return { stuck: `the grid for ${pending.field} has no row ${missing.join(", ")} (rows: ${[...ids].join(", ") || "none"})` };
  return { event: { pick: { [pending.field]: want } } };
}

/** Yes when the card holds the request's write with every argument the task gives, as given; else no. */
function press(confirm: string, card: { digest: string; writes: Array<{ tool: string; inputs: Record<string, unknown> }> }, target: Target): Next {
  const no: FlowInput = { press: confirm, yes: false, card: card.digest };
  const write = card.writes.find((w) => w.tool === target.request.tool);
  if (!write) return { stuck: `the card covers ${card.writes.map((w) => w.tool).join(", ") || "no write"}, not ${target.request.tool}`, event: no };
  for (const [input, value] of Object.entries(target.request.args)) {
    const shown = write.inputs[input];
    if (canonicalJson(shown) !== canonicalJson(value)) {
      return { stuck: `the card's ${input} is ${canonicalJson(shown)}, the task's is ${canonicalJson(value)}, so the person said no`, event: no };
    }
  }
  return { event: { press: confirm, card: card.digest } };
}

/** Remember the rows of every grid the turn showed. */
export function noteGrids(result: TurnResult, grids: Grids): void {
  for (const widget of result.widgets) if (widget.field && widget.rows) grids.set(widget.field, widget.rows);
}

/**
 * The scripted person's next event, read from what the flow shows: a pick from the grid it shows (the
 * rows the task's data names; inside a repeat, the one for that pass's row: pass-answers.ts), free
 * text for a question (the model then extracts the value), a press on
 * the card when every input the task names is on it as the task has it, and a no otherwise. When the
 * task's data cannot answer, the reason is returned instead of an event. Pure.
 */
import type { FlowInput, TurnResult } from "@skillflow/langgraph";
import { canonicalJson } from "../../skills/retail/store/canonical.js";
import type { Persona } from "./persona.js";
import { valueFor, type Target } from "./answer-fields.js";
import { branchChoice } from "./branch-choice.js";
import { passValue, rowIdsFor, type Passes } from "./pass-answers.js";

/** `notOffered`: the value the task names is not a row of the grid, so the flow never offers it. */
export type Next = { event: FlowInput } | { stuck: string; event?: FlowInput; notOffered?: true };

/** `rows` of the grids shown so far, by field (a question asked again shows no new grid). */
export type Grids = Map<string, Array<Record<string, unknown>>>;

export function nextEvent(result: TurnResult, grids: Grids, persona: Persona, target: Target, passes: Passes = new Map()): Next {
  const pending = result.pending;
  if (!pending || pending.kind === "done") return { stuck: "the skill ended before its write" };
  if (pending.kind === "approval") return { stuck: `the skill waits for an approval by ${pending.role}` };
  if (pending.kind === "confirm") return press(pending.confirm, pending.card, target);
  const question = result.reply.at(-1) ?? pending.field;
  const want = passValue(pending.field, pending.answerKey, [...grids.values()].flat(), target, passes) ??
    valueFor(pending.field, persona, target) ?? chooseBranch(pending.field, question, persona, target);
  if (want === undefined) return { stuck: `the skill asks for ${pending.field} ("${question}"), which the task's data does not give` };
  if (!pending.pick) return { event: { text: Array.isArray(want) ? want.join(", ") : String(want) } };
  const rows = grids.get(pending.field) ?? [];
  const { ids, missing } = rowIdsFor(Array.isArray(want) ? want : [want], rows);
  if (missing.length > 0) return { stuck: `the grid for ${pending.field} has no row ${missing.join(", ")} (rows: ${rows.map((r) => String(r.id)).join(", ") || "none"})`, notOffered: true };
  return { event: { pick: { [pending.field]: Array.isArray(want) ? ids : ids[0]! } } };
}

/** At a choices question the task's data does not name, the branch that leads to its write, remembered. */
function chooseBranch(field: string, shown: string, persona: Persona, target: Target): string | undefined {
  const shape = target.ir?.fields[field]?.shape;
  if (!target.ir || !target.routes || shape?.kind !== "choices") return undefined;
  const choice = branchChoice({
    skill: target.ir, field, choices: shape.choices, shown, routes: target.routes, args: target.request.args,
    answer: (f) => valueFor(f, persona, target),
  });
  if (choice !== undefined) (target.chosen ??= new Map()).set(field, choice);
  return choice;
}

/**
 * Yes when the card holds the request's write with every argument the task gives, as given (aligned
 * gathered lists as the same pairs, in any order); else no.
 */
function press(confirm: string, card: { digest: string; writes: Array<{ tool: string; inputs: Record<string, unknown> }> }, target: Target): Next {
  const no: FlowInput = { press: confirm, yes: false, card: card.digest };
  const write = card.writes.find((w) => w.tool === target.request.tool);
  if (!write) return { stuck: `the card covers ${card.writes.map((w) => w.tool).join(", ") || "no write"}, not ${target.request.tool}`, event: no };
  const pairs = alignedPairs(Object.keys(target.gathered), target.request.args, write.inputs);
  for (const [input, value] of Object.entries(target.request.args)) {
    const shown = write.inputs[input];
    if (pairs.same && input in target.gathered) continue;
    if (canonicalJson(shown) !== canonicalJson(value)) {
      return { stuck: `the card's ${input} is ${canonicalJson(shown)}, the task's is ${canonicalJson(value)}, so the person said no`, event: no };
    }
  }
  return { event: { press: confirm, card: card.digest } };
}

/**
 * The lists a repeat gathered are aligned (`item_ids[i]` goes with `new_item_ids[i]`): the card holds
 * the same request when it pairs the same elements, in whatever order the passes ran.
 */
function alignedPairs(inputs: string[], wanted: Record<string, unknown>, shown: Record<string, unknown>): { same: boolean } {
  const lists = inputs.filter((input) => Array.isArray(wanted[input]) && Array.isArray(shown[input]));
  if (lists.length < 2) return { same: false };
  const tuples = (from: Record<string, unknown>) => {
    const n = (from[lists[0]!] as unknown[]).length;
    const rows = Array.from({ length: n }, (_, i) => canonicalJson(lists.map((input) => (from[input] as unknown[])[i])));
    return lists.every((input) => (from[input] as unknown[]).length === n) ? rows.sort().join("\n") : undefined;
  };
  const a = tuples(wanted);
  return { same: a !== undefined && a === tuples(shown) };
}

/** Remember the rows of every grid the turn showed. */
export function noteGrids(result: TurnResult, grids: Grids): void {
  for (const widget of result.widgets) if (widget.field && widget.rows) grids.set(widget.field, widget.rows);
}

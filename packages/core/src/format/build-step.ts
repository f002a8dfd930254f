/**
 * Build a step of a known kind from its keys: each kind's value and the extra keys it takes
 * (ask: from, widget, columns, check; do: with; handoff: with, tell; end: status, tell; confirm: by, widget; when/repeat:
 * steps; repeat: check). Pure.
 */
import { isScalar } from "yaml";
import { didYouMean } from "./suggest.js";
import { templateOf } from "./parse-template.js";
import type { BlockContext } from "./yaml-block.js";
import { asMap, asSeq, describeNode, exprOf, isIdentifier, keyName, scalarText, unusableNameFix, type YamlPair } from "./yaml-node.js";
import { STEP_EXTRAS, STEP_KINDS } from "./definitions.js";
import { fitsLeaf, nameOf } from "./value-forms.js";
import { parseColumns } from "./parse-columns.js";
import { parseWith } from "./parse-with.js";
import { buildSwitch } from "./build-switch.js";
import { buildDecide } from "./parse-decide.js";
import { END_STATUSES, type AskStep, type Branch, type Check, type ConfirmStep, type EndStatus, type Expr, type HandoffStep, type Position, type Step, type StepKind } from "./ir.js";

/** Where a list's step numbers start (a switch's later branch numbers on after the earlier ones); moved past the list. */
export interface NumberFrom {
  number: number;
  written: number;
}

/** The block context plus a way to parse nested `steps:` (ids continue from the parent's, from `from` when given). */
export interface StepContext extends BlockContext {
  children(node: unknown, parentId: string, from?: NumberFrom): Step[];
}

export interface Common {
  id: string;
  pos: Position;
  keys: Record<string, Position>;
}

export type Entries = Map<string, YamlPair>;

export type Bad = (reason: string, fix: string) => undefined;
// Every step of a kind is made by one object literal naming every key (no spread of `common`): a spread
// gave nearly every step an object shape of its own, and the walk, which reads steps on every replay,
// ran megamorphic on them.
type Builder = (entries: Entries, common: Common, ctx: StepContext, bad: Bad) => Step | undefined;

const builders: Record<StepKind, Builder> = {
  say: (entries, common, ctx, bad) => {
    const value = entries.get("say")!.value;
    if (!fitsLeaf(STEP_KINDS.say.form, value)) return bad(`\`say:\` is ${describeNode(value)}, not text.`, 'Write `say: "…"` with the text on the same line.');
    return { id: common.id, pos: common.pos, keys: common.keys, kind: "say", text: templateOf(value, ctx) };
  },
  chat: (entries, common, _ctx, bad) => {
    const value = entries.get("chat")!.value;
    const instructions = scalarText(value);
    if (!instructions || !fitsLeaf(STEP_KINDS.chat.form, value)) return bad(`\`chat:\` is ${describeNode(value)}, not instructions.`, 'Write `chat: "…"` with the instructions on the same line.');
    return { id: common.id, pos: common.pos, keys: common.keys, kind: "chat", instructions };
  },
  do: (entries, common, ctx, bad) => {
    const value = entries.get("do")!.value;
    const tool = nameOf(value);
    if (tool === undefined || !fitsLeaf(STEP_KINDS.do.form, value)) return bad(`\`do:\` is ${describeNode(value)}, not the name of a tool.`, "Write the name of a tool from tools.ts, like `do: quote_trip`.");
    const bindings = parseWith(entries.get("with"), ctx);
    const cardPair = entries.get("card");
    const card = cardPair && fitsLeaf(STEP_EXTRAS.card.form, cardPair.value) ? templateOf(cardPair.value, ctx) : undefined;
    if (cardPair && !card) return bad(`\`card:\` is ${describeNode(cardPair.value)}, not text.`, 'Write `card: "…"` with the words on the same line, like `card: "Hold flight {flight_id}"`.');
    return { id: common.id, pos: common.pos, keys: common.keys, kind: "do", tool, toolPos: ctx.pos(value), with: bindings, card };
  },
  handoff: (entries, common, ctx, bad) => buildHandoff(entries, common, ctx, bad),
  end: (entries, common, ctx, bad) => buildEnd(entries, common, ctx, bad),
  when: (entries, common, ctx, bad) => {
    const value = entries.get("when")!.value;
    const condition = fitsLeaf(STEP_KINDS.when.form, value) ? exprOf(value, ctx) : undefined;
    if (!condition) return bad("`when:` has no condition.", "Write a condition after `when:`, like `when: quote_trip.total > quote_trip.budget`.");
    if (entries.has("else")) return buildWhenElse(condition, entries, common, ctx);
    const steps = nestedSteps("when", entries, common, ctx);
    return steps && { id: common.id, pos: common.pos, keys: common.keys, kind: "when", condition, steps };
  },
  switch: (entries, common, ctx, bad) => buildSwitch(entries, common, ctx, bad),
  ask: (entries, common, ctx, bad) => buildAsk(entries, common, ctx, bad),
  confirm: (entries, common, ctx, bad) => buildConfirm(entries, common, ctx, bad),
  decide: (entries, common, ctx, bad) => {
    const entry = oneEntry("decide", entries.get("decide")!.value, bad);
    return entry && buildDecide({ id: common.id, pos: common.pos, keys: common.keys, name: entry.name, text: entry.text, entries }, ctx);
  },
  repeat: (entries, common, ctx, bad) => buildRepeat(entries, common, ctx, bad),
};

/** The step of kind `kind`, or undefined (reported) when its value has the wrong form. */
export function buildStep(kind: StepKind, entries: Entries, common: Common, ctx: StepContext): Step | undefined {
  const pair = entries.get(kind)!;
  const bad: Bad = (reason, fix) => {
    ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), reason, fix);
    return undefined;
  };
  return builders[kind](entries, common, ctx, bad);
}

/** `{ name: "question" }` — the one entry of an ask or confirm. */
function oneEntry(kind: "ask" | "confirm" | "decide", value: unknown, bad: Bad): { name: string; key: unknown; text: unknown } | undefined {
  const map = asMap(value);
  const example = kind === "ask" ? '`ask: { nights: "How many nights?" }`' : kind === "confirm" ? '`confirm: { pay: "Pay for this trip?" }`' : '`decide: { escalation: "What now?" }`';
  const what = kind === "ask" ? "field" : kind === "confirm" ? "confirmation id" : "decision id";
  const pair = map?.items.length === 1 ? map.items[0] : undefined;
  if (!pair) return bad(`\`${kind}:\` is ${map ? `a mapping of ${map.items.length} entries` : describeNode(value)}, not one ${what} and its question.`, `Write ${example}.`);
  const name = keyName(pair);
  if (name === undefined || !isIdentifier(name)) return bad(`\`${name ?? describeNode(pair.key)}\` is not a usable ${what}.`, unusableNameFix(name, `Use letters, digits and \`_\`, like ${example}.`));
  if (!fitsLeaf("template", pair.value)) return bad(`The question for \`${name}\` is ${describeNode(pair.value)}, not text.`, `Write ${example}.`);
  return { name, key: pair.key, text: pair.value };
}

function buildAsk(entries: Entries, common: Common, ctx: StepContext, bad: Bad): Step | undefined {
  const entry = oneEntry("ask", entries.get("ask")!.value, bad);
  const checks = parseChecks(entries.get("check"), ctx);
  const fromPair = entries.get("from");
  const from = fromPair && fitsLeaf(STEP_EXTRAS.from.form, fromPair.value) ? exprOf(fromPair.value, ctx) : undefined;
  if (fromPair && !from) ctx.report("invalid-step", ctx.pos(fromPair.value ?? fromPair.key), "`from:` does not name a list.", "Write the lookup's list, like `from: search_flights.flights`.");
  const many = manyOf(entries.get("many"), Boolean(fromPair), ctx);
  const widget = widgetOf(entries, ctx);
  const columns = parseColumns(entries.get("columns"), Boolean(fromPair), ctx);
  if (!entry) return undefined;
  const step: AskStep = {
    id: common.id, pos: common.pos, keys: common.keys, kind: "ask", field: entry.name, fieldPos: ctx.pos(entry.key), question: templateOf(entry.text, ctx), checks,
  };
  if (from) step.from = from;
  if (from && many) step.many = true;
  if (widget !== undefined) step.widget = widget;
  if (columns) step.columns = columns;
  return step;
}

function buildHandoff(entries: Entries, common: Common, ctx: StepContext, bad: Bad): Step | undefined {
  const value = entries.get("handoff")!.value;
  const tool = nameOf(value);
  if (tool === undefined || !fitsLeaf(STEP_KINDS.handoff.form, value)) return bad(`\`handoff:\` is ${describeNode(value)}, not the name of a hand-off tool.`, "Write the name of a hand-off tool from tools.ts, like `handoff: transfer_to_human_agents`.");
  const bindings = parseWith(entries.get("with"), ctx);
  const tellPair = entries.get("tell");
  if (!tellPair || !fitsLeaf(STEP_EXTRAS.tell.form, tellPair.value)) {
    const at = tellPair ? ctx.pos(tellPair.value ?? tellPair.key) : (common.keys.handoff ?? common.pos);
    ctx.report("invalid-step", at, `This \`handoff\` has ${tellPair ? `${describeNode(tellPair.value)} under \`tell:\`` : "no `tell:`"}, so the person would not be told the conversation is handed over.`, 'Add `tell:` under `handoff:` (same indentation) with the sentence, like `tell: "You are being transferred to a human agent."`.');
    return undefined;
  }
  const step: HandoffStep = { id: common.id, pos: common.pos, keys: common.keys, kind: "handoff", tool, toolPos: ctx.pos(value), tell: templateOf(tellPair.value, ctx) };
  if (bindings) step.with = bindings;
  return step;
}

function buildEnd(entries: Entries, common: Common, ctx: StepContext, bad: Bad): Step | undefined {
  const value = entries.get("end")!.value;
  const outcome = nameOf(value);
  if (outcome === undefined) return bad(`\`end:\` is ${describeNode(value)}, not the name of an outcome.`, "Name the outcome with letters, digits and `_`, like `end: card_invalid`.");
  const statusPair = entries.get("status");
  const statusText = statusPair && isScalar(statusPair.value) ? statusPair.value.value : undefined;
  const status = END_STATUSES.find((s): s is EndStatus => s === statusText);
  if (!status) {
    const at = statusPair ? ctx.pos(statusPair.value ?? statusPair.key) : (common.keys.end ?? common.pos);
    ctx.report("invalid-step", at, `This \`end\` has ${statusPair ? `${describeNode(statusPair.value)} under \`status:\`` : "no `status:`"}, so it does not say whether the conversation did what it was for.`, `Add \`status:\` under \`end:\` (same indentation): ${END_STATUSES.map((s) => `\`${s}\``).join(" or ")}.`);
  }
  const tellPair = entries.get("tell");
  const tell = tellPair && fitsLeaf(STEP_EXTRAS.tell.form, tellPair.value) ? templateOf(tellPair.value, ctx) : undefined;
  if (!tell) {
    const at = tellPair ? ctx.pos(tellPair.value ?? tellPair.key) : (common.keys.end ?? common.pos);
    ctx.report("invalid-step", at, `This \`end\` has ${tellPair ? `${describeNode(tellPair.value)} under \`tell:\`` : "no `tell:`"}, so the person would not be told the conversation ended.`, 'Add `tell:` under `end:` (same indentation) with the sentence, like `tell: "Card C1234 cannot borrow books, so nothing was lent."`.');
  }
  if (!status || !tell) return undefined;
  return { id: common.id, pos: common.pos, keys: common.keys, kind: "end", outcome, outcomePos: ctx.pos(value), status, tell };
}

function buildConfirm(entries: Entries, common: Common, ctx: StepContext, bad: Bad): Step | undefined {
  const entry = oneEntry("confirm", entries.get("confirm")!.value, bad);
  const byPair = entries.get("by");
  const by = byPair && fitsLeaf(STEP_EXTRAS.by.form, byPair.value) ? scalarText(byPair.value)!.trim() : undefined;
  if (byPair && !by) ctx.report("invalid-step", ctx.pos(byPair.value ?? byPair.key), `\`by:\` is ${describeNode(byPair.value)}, not a role.`, "Name the role that approves, like `by: manager`.");
  const widget = widgetOf(entries, ctx);
  if (!entry) return undefined;
  const step: ConfirmStep = { id: common.id, pos: common.pos, keys: common.keys, kind: "confirm", confirm: entry.name, question: templateOf(entry.text, ctx) };
  if (by) step.by = by;
  if (widget !== undefined) step.widget = widget;
  return step;
}

function buildRepeat(entries: Entries, common: Common, ctx: StepContext, bad: Bad): Step | undefined {
  const map = asMap(entries.get("repeat")!.value);
  if (!map) return bad(`\`repeat:\` is ${describeNode(entries.get("repeat")!.value)}, not \`{ for: item, in: list }\`.`, "Write `repeat: { for: item, in: order.items }`, or `repeat: { until: condition, at_most: 3 }`.");
  const found: RepeatKeys = {};
  const keys = STEP_KINDS.repeat.form.mapping;
  for (const pair of map.items) {
    const key = keyName(pair);
    if (key === "for") found.item = fitsLeaf(keys.for.form, pair.value) ? nameOf(pair.value) : undefined;
    else if (key === "in") found.list = fitsLeaf(keys.in.form, pair.value) ? exprOf(pair.value, ctx) : undefined;
    else if (key === "until") found.until = fitsLeaf(keys.until.form, pair.value) ? exprOf(pair.value, ctx) : undefined;
    else if (key === "at_most") found.atMost = pair;
    else if (key === "as") found.gather = gatherOf(pair, ctx);
    else ctx.report("unknown-step-key", ctx.pos(pair.key), `\`${key ?? "?"}\` is not a key of \`repeat:\`.`, didYouMean(key ?? "", Object.keys(keys), "keys of `repeat:`"));
    if (key === "until" || key === "in") found[key === "until" ? "untilPos" : "inPos"] = ctx.pos(pair.key);
  }
  if (found.untilPos || found.atMost) return buildRepeatUntil(entries, common, ctx, bad, found);
  const { item, list, gather } = found;
  if (item === undefined || !list) {
    return bad("`repeat:` needs `for:` with a name for each element and `in:` with a list.", "Write `repeat: { for: item, in: order.items }`.");
  }
  if (entries.has("exhausted")) ctx.report("invalid-step", ctx.pos(entries.get("exhausted")!.key), "`exhausted:` is on a `repeat` over a list, which never runs out of passes: it goes through the list once.", "Remove `exhausted:`, or make the loop `repeat: { until: condition, at_most: 3 }`.");
  const steps = nestedSteps("repeat", entries, common, ctx);
  const checks = repeatChecks(entries.get("check"), gather, ctx);
  return steps && { id: common.id, pos: common.pos, keys: common.keys, kind: "repeat", item, list, ...(gather ? { gather } : {}), steps, ...(checks.length > 0 ? { checks } : {}) };
}

/** `check:` on a repeat: its conditions read the passes through `as:`, so without it they are reported and left out. */
function repeatChecks(pair: YamlPair | undefined, gather: { name: string } | undefined, ctx: StepContext): Check[] {
  const checks = parseChecks(pair, ctx);
  if (!pair || gather || checks.length === 0) return checks;
  ctx.report("invalid-step", ctx.pos(pair.key), "`check:` is on a `repeat` without `as:`, so its conditions have no name for the answers of the passes.", "Add `as: payments` to the `repeat:` mapping and read the passes through it, like `sum(payments.map(p, p.amount)) == total`.");
  return [];
}

/** The keys of a `repeat:` mapping, as read. */
interface RepeatKeys {
  item?: string | undefined;
  list?: Expr | undefined;
  until?: Expr | undefined;
  atMost?: YamlPair;
  gather?: { name: string; pos: Position } | undefined;
  untilPos?: Position;
  inPos?: Position;
}

/**
 * `repeat: { until:, at_most:, for:, as: }` with `exhausted:`. The passes are the list 1..at_most (written
 * at `at_most:`), so the checker, the gathered records and the procedure read it as a loop over that list.
 */
function buildRepeatUntil(entries: Entries, common: Common, ctx: StepContext, bad: Bad, found: RepeatKeys): Step | undefined {
  if (found.inPos && found.untilPos) return bad("This `repeat:` has both `in:` and `until:`: a loop goes through a list or repeats until a condition, not both.", "Keep `in:` to go through a list, or `until:` with `at_most:` to repeat until a condition holds.");
  if (!found.untilPos) return bad("`at_most:` is on a `repeat` without `until:`, so nothing says when the loop should stop early.", "Add `until:` with the condition that ends the loop, or remove `at_most:` (a loop over a list with `in:` has no bound).");
  if (entries.has("check")) return bad("`check:` is on a `repeat … until`: a check across the passes goes with a loop over a list (`in:`), whose passes the person can pick to change.", "Read the passes after the loop through `as:` in a `when` or `switch`, or check each pass's answer with `check:` on its `ask`.");
  if (!found.atMost) return bad("This `repeat: { until: … }` has no `at_most:`, so it could repeat forever: a loop that repeats until a condition needs a bound.", "Add `at_most:` with the most passes it may run, like `at_most: 3` (a whole number from 1 to 100).");
  const atMostValue = found.atMost.value;
  if (!fitsLeaf("bound", atMostValue)) {
    return bad(`\`at_most:\` is ${describeNode(atMostValue)}, not a whole number from 1 to 100.`, "Write the most passes the loop may run, like `at_most: 3` (from 1 to 100).");
  }
  if (!found.until) return undefined;
  const atMost = (atMostValue as { value: number }).value;
  const atMostPos = ctx.pos(atMostValue);
  // The body, then `exhausted:` numbered on after it, so every id stays a path in the tree.
  const from: NumberFrom = { number: 0, written: 0 };
  const steps = nestedSteps("repeat", entries, common, ctx, from);
  if (!steps) return undefined;
  const exhaustedPair = entries.get("exhausted");
  let exhausted: Step[] | undefined;
  if (exhaustedPair) {
    const seq = asSeq(exhaustedPair.value);
    if (!seq || seq.items.length === 0) {
      ctx.report("invalid-step", ctx.pos(exhaustedPair.value ?? exhaustedPair.key), `\`exhausted:\` is ${describeNode(exhaustedPair.value)}, not a list of steps.`, "Write the steps to run when the loop runs out of passes as a list under `exhausted:`, or remove it.");
      return undefined;
    }
    exhausted = ctx.children(seq, common.id, from);
  }
  const named = found.item !== undefined;
  const item = found.item ?? `_pass_${common.id.replaceAll(".", "_")}`;
  const passes = Array.from({ length: atMost }, (_, i) => i + 1);
  const list: Expr = { source: `[${passes.join(", ")}]`, pos: atMostPos };
  const until = { condition: found.until, atMost, atMostPos, named, ...(exhausted ? { exhausted } : {}) };
  return { id: common.id, pos: common.pos, keys: common.keys, kind: "repeat", item, list, ...(found.gather ? { gather: found.gather } : {}), steps, until };
}

/** `as: name` on a repeat: a name for the gathered answers (reported and left out when it is not a name). */
function gatherOf(pair: YamlPair, ctx: StepContext): { name: string; pos: Position } | undefined {
  const name = fitsLeaf(STEP_KINDS.repeat.form.mapping.as.form, pair.value) ? nameOf(pair.value) : undefined;
  if (name === undefined || !isIdentifier(name)) {
    ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), "`as:` on a `repeat` is not a name, so the answers of its passes cannot be gathered under it.", "Write `as: changes`: letters, digits and `_`, starting with a letter.");
    return undefined;
  }
  return { name, pos: ctx.pos(pair.value) };
}

function nestedSteps(kind: "when" | "repeat", entries: Entries, common: Common, ctx: StepContext, from?: NumberFrom, key = "steps"): Step[] | undefined {
  const pair = entries.get(key);
  const seq = asSeq(pair?.value);
  if (!pair || !seq || seq.items.length === 0) {
    const at = pair ? ctx.pos(pair.value ?? pair.key) : (common.keys[kind] ?? common.pos);
    ctx.report("invalid-step", at, `This \`${kind}\` has ${pair ? `${describeNode(pair.value)} under \`${key}:\`` : `no \`${key}:\``}, so it runs nothing.`, `Add \`${key}:\` under \`${kind}:\` (same indentation) with a list of steps.`);
    return undefined;
  }
  return ctx.children(seq, common.id, from);
}

/** `when: C` + `steps:` + `else:`: a switch on the condition, its `steps:` the way for `true`. */
function buildWhenElse(condition: Expr, entries: Entries, common: Common, ctx: StepContext): Step | undefined {
  const from: NumberFrom = { number: 0, written: 0 };
  const steps = nestedSteps("when", entries, common, ctx, from);
  const otherwise = nestedSteps("when", entries, common, ctx, from, "else");
  if (!steps || !otherwise) return undefined;
  const branches: Branch[] = [
    { value: "true", pos: common.keys.steps ?? common.pos, steps },
    { pos: common.keys.else ?? common.pos, steps: otherwise },
  ];
  return { id: common.id, pos: common.pos, keys: common.keys, kind: "switch", on: condition, written: "when", branches };
}

/** `many: true` beside `from:`: several rows picked together. `many: false` is the default, one row. */
function manyOf(pair: YamlPair | undefined, hasFrom: boolean, ctx: BlockContext): boolean {
  if (!pair) return false;
  if (!fitsLeaf(STEP_EXTRAS.many.form, pair.value)) {
    ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), `\`many:\` is ${describeNode(pair.value)}, not \`true\` or \`false\`.`, "Write `many: true` to pick several rows, or remove it to pick one.");
    return false;
  }
  if (!hasFrom) {
    ctx.report("invalid-step", ctx.pos(pair.key), "`many:` is on an ask without `from:`, so there are no rows to pick several of.", "Add `from:` with the lookup's list, or remove `many:`.");
    return false;
  }
  return (pair.value as { value?: unknown }).value === true;
}

function widgetOf(entries: Entries, ctx: BlockContext): string | undefined {
  const pair = entries.get("widget");
  if (!pair) return undefined;
  if (fitsLeaf(STEP_EXTRAS.widget.form, pair.value)) return scalarText(pair.value)!.trim();
  ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), `\`widget:\` is ${describeNode(pair.value)}, not a widget name.`, "Name the widget, like `widget: flight_grid`.");
  return undefined;
}

/** `check: { condition: message, … }` on an ask, or on a repeat (over its gathered passes). */
function parseChecks(pair: YamlPair | undefined, ctx: BlockContext): Check[] {
  if (!pair) return [];
  const map = asMap(pair.value);
  if (!map || map.items.length === 0) {
    ctx.report("invalid-step", ctx.pos(pair.value ?? pair.key), `\`check:\` is ${describeNode(pair.value)}, not conditions with messages.`, 'Write `check: { check_arrival.ok: "That flight lands too late." }`.');
    return [];
  }
  const checks: Check[] = [];
  for (const item of map.items) {
    const condition = exprOf(item.key, ctx);
    const message = scalarText(item.value)?.trim();
    if (condition && message) checks.push({ condition, message, text: templateOf(item.value, ctx) });
    else ctx.report("invalid-step", ctx.pos(item.value ?? item.key), "Each `check:` entry is a condition and the message shown when it is false.", 'Write `condition: "message"`, like `verify_code.valid: "That code is not valid."`.');
  }
  return checks;
}

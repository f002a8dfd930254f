/**
 * The numbered steps in plain words: "Ask: …", "Look up …", "Refuse if …: '…'", "Show the checkout and
 * ask: …", "Run …", "Say: …", "Answer questions freely: …", "Hand the conversation over with …", "If … is …: steps …; otherwise: …", with `when`/`repeat`/`switch` bodies numbered inside
 * their step (6, 6.1, 6.2). Every step appears exactly once. Pure.
 */
import type { AskStep, ConfirmStep, HandoffStep, Skill, Step, SwitchStep } from "../format/ir.js";
import { childStepsOf } from "../format/child-steps.js";
import type { Inline, StepLine } from "./model.js";
import { code, inline, joinList, quoted } from "./inline.js";
import { describeCondition, describeValue } from "./describe-condition.js";
import { describeShape } from "./describe-shape.js";
import { contextAt, type WordsContext } from "./describe-value.js";
import { coveredWrites } from "./describe-coverage.js";
import { isWrite, placeSteps, type PlacedStep } from "./walk-steps.js";
import { ownValue } from "../own-value.js";
import { decideLine } from "./describe-decide.js";
import { allSteps } from "../format/parse-steps.js";

const WIDGET_KINDS = ["checkout", "grid", "card"];

/** "the checkout (`trip_checkout`)", or "the `x` widget" when the name does not say its kind. */
export function widgetWords(name: string): Inline {
  const kind = WIDGET_KINDS.find((k) => name.toLowerCase().includes(k));
  return kind ? inline(`the ${kind} (`, code(name), ")") : inline("the ", code(name), " widget");
}

function askLine(step: AskStep, ctx: WordsContext): Omit<StepLine, "number" | "depth"> {
  const lead = step.widget ? inline("Show ", widgetWords(step.widget), " and ask: ") : ["Ask: "];
  const notes: Inline[] = step.checks.map((c) =>
    inline("Refuse if ", describeCondition(c.condition, ctx, true), `: ${quoted(c.message)}`));
  const field = ownValue(ctx.skill.fields, step.field);
  const message = field?.message === undefined ? "" : `: ${quoted(field.message)}`;
  if (field?.shape.kind === "lookup") notes.unshift(inline("Refuse if ", code(field.shape.tool), " does not recognise the answer", message));
  else if (message && !["pick", "text"].includes(field!.shape.kind)) {
    notes.unshift(inline("Refuse an answer that is not ", describeShape(field!.shape), message));
  }
  if (step.from && step.many) notes.unshift(inline("The answer is one or more rows of ", code(step.from.source.trim()), ", each picked once"));
  else if (step.from) notes.unshift(inline("The answer must be a row of ", code(step.from.source.trim())));
  return { text: inline(lead, quoted(step.question.source), " (", code(step.field), ")"), notes };
}

type Covered = ReturnType<typeof coveredWrites>[number];

/** "Covers: `a` (step 5) and `b` (step 6)"; with a condition on some: "`a` (step 5) only when …; `b` (step 6)". */
function coversNote(covers: readonly Covered[]): Inline {
  if (covers.length === 0) return ["Covers no change"];
  const listed = covers.map(({ write, when }) =>
    inline(code(write.tool), ` (step ${write.stepId})`, when.length > 0 ? inline(" only when ", when) : []));
  const conditional = covers.some((c) => c.when.length > 0);
  return inline("Covers: ", conditional ? joinList(listed, "; ", "; ") : joinList(listed));
}

function confirmLine(step: ConfirmStep, covers: readonly Covered[]): Omit<StepLine, "number" | "depth"> {
  const question = quoted(step.question.source);
  const text = step.by !== undefined
    ? inline("Ask the ", code(step.by), " role to approve: ", question, " (", code(step.confirm), ")")
    : step.widget
      ? inline("Show ", widgetWords(step.widget), " and ask: ", question, " (", code(step.confirm), ")")
      : inline("Ask for a yes: ", question, " (", code(step.confirm), ")");
  const notes: Inline[] = [coversNote(covers)];
  if (step.by !== undefined) notes.unshift(["The yes comes only from that role, outside the conversation; the chat cannot give it"]);
  return { text, notes };
}

function stepLine(step: Step, ctx: WordsContext, byId: ReadonlyMap<string, PlacedStep>): Omit<StepLine, "number" | "depth"> {
  const tool = step.kind === "do" || step.kind === "handoff" ? ownValue(ctx.skill.tools, step.tool) : undefined;
  const about = tool?.description ? `: ${tool.description.trim()}` : "";
  switch (step.kind) {
    case "say": return { text: [`Say: ${quoted(step.text.source)}`], notes: [] };
    case "ask": return askLine(step, ctx);
    case "do":
      return isWrite(ctx.skill, step.tool)
        ? { text: inline("Run ", code(step.tool), ` (changes something)${about}`), notes: boundNotes(step, ctx) }
        : { text: inline("Look up ", code(step.tool), about), notes: lookupNotes(step, ctx) };
    case "handoff": return handoffLine(step, about, ctx);
    case "end":
      return {
        text: inline("End the conversation as ", code(step.outcome), ` (${step.status}), and say: ${quoted(step.tell.source)}`),
        notes: [["Nothing after it runs; every later message is answered that the conversation has ended"]],
      };
    case "confirm": return confirmLine(step, coveredWrites(ctx.skill, byId, step.id));
    case "decide": return decideLine(step);
    case "chat":
      return { text: [`Answer questions freely: ${step.instructions.trim()}`], notes: [["The assistant's answers set no field and change nothing"]] };
    case "when": return { text: inline("Only when ", describeCondition(step.condition, ctx), ":"), notes: [] };
    case "repeat":
      if (step.until) return untilLine(step, ctx);
      return { text: inline("For each ", code(step.item), " in ", describeValue(step.list, ctx), ":"), notes: [...(step.gather ? [gatherNote(step)] : []), ...passCheckNotes(step, ctx)] };
    case "switch": return { text: switchWords(step, ctx), notes: [["Exactly one of these ways runs, chosen again whenever an answer changes"]] };
  }
}

/**
 * "If `payment_method` is `credit_card`: steps 4.1–4.2; if it is `gift_card`: step 4.3; otherwise: step
 * 4.4." A `when … else` reads "If <condition>: …; otherwise: …".
 */
function switchWords(step: SwitchStep, ctx: WordsContext): Inline {
  const parts = step.branches.map((branch, k): Inline => {
    const steps = stepRange(branch.steps);
    if (branch.value === undefined) return inline("otherwise: ", steps);
    if (step.written === "when") return inline("If ", describeCondition(step.on, ctx), ": ", steps);
    return inline(k === 0 ? "If " : "if ", k === 0 ? describeValue(step.on, ctx) : "it", " is ", code(branch.value), ": ", steps);
  });
  return inline(...parts.flatMap((p, k) => (k === 0 ? p : ["; ", ...p])), ".");
}

/** "step 4.3", "steps 4.1–4.2". */
function stepRange(steps: readonly Step[]): string {
  const first = steps[0]?.id ?? "";
  const last = steps[steps.length - 1]?.id ?? first;
  return first === last ? `step ${first}` : `steps ${first}–${last}`;
}

/** "Repeat, at most 3 times, until …; when the 3rd pass ends without it: the steps below run (2.5)". */
function untilLine(step: Extract<Step, { kind: "repeat" }>, ctx: WordsContext): Omit<StepLine, "number" | "depth"> {
  const until = step.until!;
  const inBody = { ...ctx, loops: new Map([...ctx.loops, [step.item, step.list] as const]) };
  const exhausted = until.exhausted ?? [];
  const then = exhausted.length > 0
    ? exhausted.length === 1 ? `step ${exhausted[0]!.id} runs` : `steps ${exhausted.map((s) => s.id).join(", ")} run`
    : "the flow goes on after the loop";
  const text = inline(`Repeat, at most ${timesWords(until.atMost)}, until `, describeCondition(until.condition, inBody), `; when the ${ordinal(until.atMost)} pass ends without it: ${then}`);
  const notes: Inline[] = [["The condition is read when a pass has run to its end, with that pass's answers and tool results; each pass asks, confirms and runs its tools anew"]];
  if (until.named) notes.push(inline("The pass number is ", code(step.item), ", 1 for the first"));
  if (step.gather) notes.push(gatherNote(step));
  return { text, notes };
}

function timesWords(n: number): string {
  return n === 1 ? "once" : n === 2 ? "twice" : `${n} times`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/** What a repeat's `as:` gathers, in words. */
function gatherNote(step: Extract<Step, { kind: "repeat" }>): ReturnType<typeof inline> {
  const asked = askedIn(step.steps);
  const answers = asked.length > 0 ? inline(" with ", ...asked.flatMap((f, i) => (i === 0 ? [code(f)] : [", ", code(f)]))) : [];
  if (step.until) {
    const tools = [...new Set(allSteps(step.steps).flatMap((s) => (s.kind === "do" ? [s.tool] : [])))];
    const ran = tools.length > 0 ? inline(asked.length > 0 ? " and the results of " : " with the results of ", joinList(tools.map((t) => [code(t)]))) : [];
    return inline("The passes are gathered, in order, as ", code(step.gather!.name), ": one record per pass", ...answers, ...ran, "; inside the loop it holds the earlier passes");
  }
  return inline("The answers of every pass are gathered, in order, as ", code(step.gather!.name), ": one record per ", code(step.item), ...answers);
}

/**
 * A repeat's `check:`: "After every pass: the total of … must equal …, before any step after it;
 * otherwise say "…" and the person picks which `method` to change (its pass is asked again)".
 */
function passCheckNotes(step: Extract<Step, { kind: "repeat" }>, ctx: WordsContext): Inline[] {
  return (step.checks ?? []).map((c) => inline(
    "After every pass: ", describeCondition(c.condition, ctx), ", before any step after it; otherwise say ", quoted(c.message),
    " and the person picks which ", code(step.item), " to change (its pass is asked again)",
  ));
}

/** The fields asked and the decisions made in a repeat's body, outside nested repeats: what its records hold. */
function askedIn(steps: readonly Step[]): string[] {
  return steps.flatMap((s) => (s.kind === "ask" ? [s.field] : s.kind === "decide" ? [s.decide] : s.kind === "when" || s.kind === "switch" ? askedIn(childStepsOf(s)) : []));
}

/**
 * One line per step, in reading order, numbered by step id; a confirm lists what the checker says it
 * covers, and when it covers a write on some ways only.
 */
export function listSteps(skill: Skill): StepLine[] {
  const placed = placeSteps(skill.steps);
  const byId = new Map(placed.map((p) => [p.step.id, p]));
  return placed.map(({ step, ancestors }) => ({
    number: step.id,
    depth: ancestors.length,
    ...stepLine(step, contextAt(skill, ancestors), byId),
  }));
}

/** "Hand the conversation over with `tool` (…), and say: "…" The conversation ends there." */
function handoffLine(step: HandoffStep, about: string, ctx: WordsContext): Omit<StepLine, "number" | "depth"> {
  const said = about.slice(2).replace(/\.$/, "");
  const what = said ? ` (${said.charAt(0).toLowerCase()}${said.slice(1)})` : "";
  const text = inline("Hand the conversation over with ", code(step.tool), `${what}, and say: ${quoted(step.tell.source)} The conversation ends there.`);
  const notes: Inline[] = [
    ...boundNotes(step, ctx),
    ["No confirm: it changes nothing the person owns; it runs once, and every later message is answered that the person is with a human agent, with nothing else run"],
  ];
  return { text, notes };
}

/** A lookup's `with:`: its bound inputs, and that they hold wherever its output is read (lookup-bindings.ts). */
function lookupNotes(step: Extract<Step, { kind: "do" }>, ctx: WordsContext): Inline[] {
  const notes = boundNotes(step, ctx);
  if (notes.length > 0) notes.push(inline("These inputs hold wherever ", code(step.tool), " is read; it is looked up again when one of them changes"));
  return notes;
}

/** One note per input a `with:` binds: "`zip` is the new zip code (`new_zip`)". */
function boundNotes(step: Extract<Step, { kind: "do" | "handoff" }>, ctx: WordsContext): Inline[] {
  return (step.with ?? []).map((b) => inline(code(b.input), " is ", describeValue(b.value, ctx)));
}

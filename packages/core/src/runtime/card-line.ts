/**
 * A write's line on a confirmation card, in words (compile/card-words.ts says where they come from):
 * the step's `card:` rendered where the step is, or the tool's `card` rendered over the inputs the write
 * receives, or, when neither can be shown here, the tool's description; then every input the words do
 * not show, with its label and its value in words; an input that holds a field's default is listed
 * there too, marked ` (default)`, so the person sees what they did not give. Pure over the run's draft state.
 */
import type { DoStep, ToolInfo } from "../format/ir.js";
import { cardInputTypes, cardPlanOf, fallbackWords, inputLabel } from "../compile/card-words.js";
import { dependenciesOf } from "../compile/compile-skill.js";
import { describeValue } from "../expr/format-value.js";
import { canonicalJson } from "./digest.js";
import { evaluateIn, tryRenderShown } from "./eval-in-frame.js";
import { collectSkips } from "./regions.js";
import type { Frame, Run } from "./run-context.js";
import type { CardWrite } from "./types.js";
import { visibleAnswerKey } from "./answer-keys.js";
import { holdsDefault } from "./follow-default.js";
import { ownValue } from "../own-value.js";

/** The card line of `step`'s write `instance`, which receives `inputs`. */
export function cardLine(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string, inputs: Record<string, unknown>): CardWrite {
  const plan = cardPlanOf(run.skill, step);
  const rendered = plan.template && renderWords(run, step, tool, frame, inputs);
  const shown = new Set(rendered === undefined ? [] : plan.from === "tool" ? plan.shown : shownHere(run, step, frame, inputs));
  // money(…) prints two decimals: an amount with more is listed under the words as it is
  for (const input of plan.inMoney) if (!twoDecimals(inputs[input])) shown.delete(input);
  // An input that holds a field's default is listed under the words, marked, whatever the words show.
  const defaults = defaultedInputs(run, step, frame, inputs);
  const details = tool.params
    .filter((p) => (!shown.has(p.name) || defaults.has(p.name)) && Object.hasOwn(inputs, p.name))
    .map((p) => ({ input: p.name, label: inputLabel(tool, p.name), value: describeValue(inputs[p.name]) + (defaults.has(p.name) ? DEFAULT_MARK : "") }));
  return { tool: tool.name, instance, inputs, words: rendered ?? fallbackWords(tool), details };
}

/** What follows the value of an input that holds its field's default, on every card that lists it. */
export const DEFAULT_MARK = " (default)";

/**
 * The inputs that receive a field's default, unchanged by anyone: bound by name to the field, or by a
 * `with:` that names the field alone, whose answer here is still its default (follow-default.ts).
 */
function defaultedInputs(run: Run, step: DoStep, frame: Frame, inputs: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const input of Object.keys(inputs)) {
    const bound = step.with?.find((b) => b.input === input);
    const field = bound ? bound.value.source.trim() : input;
    if (!ownValue(run.skill.fields, field)?.default) continue;
    const key = visibleAnswerKey(run.state, field, frame.scope);
    if (key !== undefined && holdsDefault(run, key) && canonicalJson(run.state.answers[key]!.value) === canonicalJson(inputs[input])) out.add(input);
  }
  return out;
}

/** The inputs a step's words show here: those whose hole holds the very value the write receives. */
function shownHere(run: Run, step: DoStep, frame: Frame, inputs: Record<string, unknown>): Set<string> {
  const shown = new Set<string>();
  for (const [input, source] of cardPlanOf(run.skill, step).shownBy) {
    const result = evaluateIn(run, { source, pos: step.pos }, frame);
    if (result.ok && canonicalJson(result.value) === canonicalJson(inputs[input])) shown.add(input);
  }
  return shown;
}

/** The template's words, or undefined when they cannot be shown here (then the plain ones are). */
function renderWords(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, inputs: Record<string, unknown>): string | undefined {
  const plan = cardPlanOf(run.skill, step);
  const template = plan.template!;
  if (plan.from === "tool") {
    const result = run.exprs.render(template, inputs, { loopVars: cardInputTypes(tool) });
    return result.ok ? result.text : undefined;
  }
  // A hole that reads an answer given since the confirm cannot be shown on its card.
  const deps = dependenciesOf(run.skill);
  if (template.parts.some((part) => typeof part !== "string" && collectSkips(run, deps.ofExpr(part)))) return undefined;
  return tryRenderShown(run, template, frame);
}

/** Whether `value` is a number money(…) prints exactly (at most two decimals). Pure. */
function twoDecimals(value: unknown): boolean {
  return typeof value !== "number" || Number(value.toFixed(2)) === value;
}

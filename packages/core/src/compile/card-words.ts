/**
 * Where a write's words on a confirmation card come from, worked out once per `do:` step: the step's
 * `card:` template (holes over anything in scope there), else the tool's `card` from tools.ts (holes
 * over its inputs, by name), else none (the card falls back to the tool's description, or its name in
 * words). And which inputs the words show: an input is shown when a hole reads it plainly — the input
 * by name (`{order_id}`, `{money(total, "EUR")}`), or, for an input bound with `with:`, the value it is
 * bound from (`{quote_trip.total}`). An input that is a record (or a list of them) never counts as
 * shown: a hole prints only its name, and the card lists it whole. Every other input is listed under the
 * words with its label, so a card always shows every input the write receives. The checks, the runtime and the procedure read the
 * same plan. An input bound by name from a tool's output counts as shown by a hole that reads that
 * output (`{quote_trip.total}` for `total`); the runtime shows it so only when the two hold the same
 * value on the card (card-line.ts). Pure.
 */
import type { DoStep, Expr, Skill, Template, ToolInfo, ToolParam } from "../format/ir.js";
import { splitTemplate } from "../format/parse-template.js";
import type { ExprRef, SkillExpressions } from "../expr/types.js";
import type { ValueType } from "../tools/value-type.js";
import { ownValue } from "../own-value.js";
import { expressionsFor } from "./compile-skill.js";
import { describeValue } from "../expr/format-value.js";

export interface CardPlan {
  /** The words' template; absent when neither the step nor the tool has one. */
  template?: Template;
  /** `step`: the `do:` step's `card:`; `tool`: the tool's `card` (holes read its inputs only). */
  from?: "step" | "tool";
  /** The inputs the words show; the others are listed under them. */
  shown: ReadonlySet<string>;
  /** For a step's words: each shown input and the expression (as written) whose hole shows it. */
  shownBy: ReadonlyMap<string, string>;
  /** The shown inputs whose only hole is `money(…)`, which prints two decimals: shown only while they have no more. */
  inMoney: ReadonlySet<string>;
}

const plans = new WeakMap<DoStep, CardPlan>();
const toolTemplates = new WeakMap<ToolInfo, Map<DoStep, Template>>();
const inputTypes = new WeakMap<ToolInfo, Record<string, ValueType>>();

/** The card plan of a `do:` step of a write (memoized per step). */
export function cardPlanOf(skill: Skill, step: DoStep): CardPlan {
  let plan = plans.get(step);
  if (!plan) plans.set(step, (plan = makePlan(skill, step)));
  return plan;
}

/** The tool's inputs as variables of its `card` template (one object per tool, as the expression cache wants). */
export function cardInputTypes(tool: ToolInfo): Record<string, ValueType> {
  let types = inputTypes.get(tool);
  if (!types) inputTypes.set(tool, (types = Object.fromEntries(tool.params.map((p) => [p.name, p.type]))));
  return types;
}

/** An input's label under the words: its description with a capital, else its name in words. Pure. */
export function inputLabel(tool: ToolInfo, input: string): string {
  const description = tool.params.find((p) => p.name === input)?.description?.trim();
  const text = description || input.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words when there is no template: the tool's description, else its name in words. Pure. */
export function fallbackWords(tool: ToolInfo): string {
  const text = tool.description?.trim() || tool.name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function makePlan(skill: Skill, step: DoStep): CardPlan {
  const tool = ownValue(skill.tools, step.tool);
  if (!tool) return { shown: new Set(), shownBy: new Map(), inMoney: new Set() };
  const exprs = expressionsFor(skill);
  if (step.card) {
    const shownBy = shownByStep(skill, exprs, step, tool, step.card);
    return { template: step.card, from: "step", shown: new Set(shownBy.keys()), shownBy, inMoney: inMoney(step.card, shownBy) };
  }
  const template = toolTemplateOf(tool, step);
  if (!template) return { shown: new Set(), shownBy: new Map(), inMoney: new Set() };
  const read = holeRefs(exprs, template);
  const shown = tool.params.filter((p) => plain(p) && read.some((r) => r.root === p.name && r.path.length === 0)).map((p) => p.name);
  const shownBy = new Map(shown.map((name) => [name, name]));
  return { template, from: "tool", shown: new Set(shown), shownBy, inMoney: inMoney(template, shownBy) };
}

/** The tool's `card` as a template, its holes placed at the step's tool name (tools.ts has no lines here). */
function toolTemplateOf(tool: ToolInfo, step: DoStep): Template | undefined {
  if (tool.card === undefined) return undefined;
  let byStep = toolTemplates.get(tool);
  if (!byStep) toolTemplates.set(tool, (byStep = new Map()));
  let template = byStep.get(step);
  if (!template) {
    const parts = splitTemplate(tool.card).parts.map((part) => (typeof part === "string" ? part : { source: part.source.trim(), pos: step.toolPos }));
    byStep.set(step, (template = { source: tool.card, pos: step.toolPos, parts }));
  }
  return template;
}

/** Each input a step's words show, and the reference that shows it. */
function shownByStep(skill: Skill, exprs: SkillExpressions, step: DoStep, tool: ToolInfo, template: Template): Map<string, string> {
  const read = holeRefs(exprs, template);
  const shown = new Map<string, string>();
  for (const param of tool.params.filter(plain)) {
    const binding = step.with?.find((b) => b.input === param.name);
    const sources = binding ? [wholeRef(exprs, binding.value)] : [{ root: param.name, path: [] }, ...outputsNamed(skill, param.name)];
    const hit = read.find((r) => sources.some((s) => s && r.root === s.root && samePath(r.path, s.path)));
    if (hit) shown.set(param.name, [hit.root, ...hit.path].join("."));
  }
  return shown;
}

/** `tool.name` for every lookup whose output has a property `name` (an input bound by name may come from it). */
function outputsNamed(skill: Skill, name: string): Array<Pick<ExprRef, "root" | "path">> {
  return Object.values(skill.tools)
    .filter((t) => t.kind === "lookup" && t.output.t === "object" && Object.hasOwn(t.output.fields, name))
    .map((t) => ({ root: t.name, path: [name] }));
}

/** The one reference an expression is (`quote_trip.total`), or undefined when it computes something. */
function wholeRef(exprs: SkillExpressions, expr: Expr): Pick<ExprRef, "root" | "path"> | undefined {
  const refs = exprs.refs(expr);
  const only = refs.length === 1 ? refs[0]! : undefined;
  return only && only.start === 0 && only.end === expr.source.trim().length ? only : undefined;
}

/**
 * The references the template's holes print plainly: a hole that is one reference (`{nights}`,
 * `{quote_trip.total}`), or one reference in a value-in-words function (`{money(total, "EUR")}`,
 * `{date(departs)}`; not `{time(lands)}`, which leaves out the day), or a yes/no field as one of two different words
 * (`{keep_roaming ? "on" : "off"}`), or an optional text shown when given
 * (`{address2 == "" ? "" : ", " + address2}`). A hole that reads a value inside any other expression
 * (`{nights > 1 ? 1 : nights}`, `{hotel_id == "H2" ? "H1" : hotel_id}`) prints something else, so it
 * shows no input: the input is listed under the words.
 */
function holeRefs(exprs: SkillExpressions, template: Template): ExprRef[] {
  return template.parts.flatMap((part) => {
    if (typeof part === "string") return [];
    const refs = exprs.refs(part);
    const ref = refs[0];
    if (!ref) return [];
    const name = [ref.root, ...ref.path].join(".");
    if (refs.some((r) => [r.root, ...r.path].join(".") !== name)) return [];
    const source = part.source.replace(/\s+/g, "");
    if (source === name) return [ref];
    // `time(x)` is not one: it leaves out the day of a date and time
    const inWords = /^(?:money\((.+?)(?:,(?:"[^"\\]*"|'[^'\\]*'))?\)|date\((.+)\))$/.exec(source);
    if (inWords && (inWords[1] ?? inWords[2]) === name) return [ref];
    // a yes/no in two different words: `{keep_roaming ? "on" : "off"}`
    const either = /^(.+?)\?("[^"\\]*"|'[^'\\]*'):("[^"\\]*"|'[^'\\]*')$/.exec(source);
    if (either && either[1] === name && either[2]!.slice(1, -1) !== either[3]!.slice(1, -1)) return [ref];
    // an optional text, shown when given: `{address2 == "" ? "" : ", " + address2}`
    const optional = /^(.+?)==(?:""|'')\?(?:""|''):(?:"[^"\\]*"|'[^'\\]*')\+(.+)$/.exec(source);
    return optional && optional[1] === name && optional[2] === name ? [ref] : [];
  });
}

/** The inputs of `shownBy` shown only through `money(…)` (two decimals): no hole prints them as they are. */
function inMoney(template: Template, shownBy: ReadonlyMap<string, string>): Set<string> {
  const holes = template.parts.filter((part): part is Expr => typeof part !== "string").map((part) => part.source.replace(/\s+/g, ""));
  return new Set([...shownBy].filter(([, ref]) => !holes.includes(ref) && holes.some((h) => h.startsWith(`money(${ref})`) || h.startsWith(`money(${ref},`))).map(([input]) => input));
}

/** An input a hole shows whole: not a record, nor a list of records (a hole prints only their names). */
const plain = (param: ToolParam): boolean =>
  param.type.t !== "object" && !(param.type.t === "list" && param.type.of.t === "object");

const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A card's write as one line of words, for surfaces that show a write as one text: its sentence, then
 * the inputs it leaves out (`Book Hotel Baixa Nova for 3 nights — Conference: Lisbon AI Summit`). A
 * write stored before cards had words reads as its tool and inputs. Pure.
 */
export function writeInWords(write: { tool: string; inputs: Record<string, unknown>; words?: string; details?: ReadonlyArray<{ label: string; value: string }> }): string {
  const details = write.details ?? Object.entries(write.inputs).map(([label, value]) => ({ label, value: describeValue(value) }));
  const rest = details.map((d) => `${d.label}: ${d.value}`).join("; ");
  const words = write.words ?? write.tool;
  return rest ? `${words} — ${rest}` : words;
}

/**
 * Which branch the scripted person takes at a choices question whose answer the task's data does not
 * name ("Should it go to your default address (…), or to another address?"): the branch whose write,
 * with what the person knows, makes the task's write. Each choice leads (through the `when`s it
 * satisfies) to some `do:`s of the request's tool; a `do:` is judged input by input on its `with:`:
 * an input bound to a field the person answers is theirs to give; one bound to an expression is worked
 * out from what the question itself shows (its holes, read back from the text: `{get_user_details.
 * address.address1}` is "159 Hickory Lane"), and must equal the task's argument. The person takes a
 * branch whose shown values all match the task's (at least one), else one whose inputs they can all
 * give themselves, else none. Nothing here is written per task. Pure.
 */
import { createExpressions, type Skill, type Template } from "@skillflow/core";
import { canonicalJson } from "../../skills/retail/store/canonical.js";
import type { Route } from "./load-skills.js";

type Values = Record<string, unknown>;

export interface BranchQuestion {
  skill: Skill;
  field: string;
  choices: readonly string[];
  /** The question as the flow said it. */
  shown: string;
  /** The request's tool's `do:`s in the skill. */
  routes: readonly Route[];
  /** The task's arguments of the write. */
  args: Values;
  /** The person's value for a field, or undefined when they have none. */
  answer: (field: string) => unknown;
}

/** The choice the person makes, or undefined when no branch leads to the task's write. */
export function branchChoice(q: BranchQuestion): string | undefined {
  const exprs = createExpressions(q.skill);
  const template = questionOf(q.skill.steps, q.field);
  const shown = template ? readHoles(template, q.shown, exprs) : {};
  const verdicts = q.choices.map((choice) => {
    const known = { ...shown, [q.field]: choice };
    const routes = q.routes.filter((r) => r.conditions.every((c) => holds(exprs, c.source, known, q.field)));
    return { choice, judged: routes.map((r) => judge(r, known, q, exprs)) };
  });
  return verdicts.find((v) => v.judged.some((j) => j.matched > 0 && !j.mismatch))?.choice ??
    verdicts.find((v) => v.judged.some((j) => !j.mismatch && j.unknown === 0))?.choice;
}

type Expressions = ReturnType<typeof createExpressions>;

/** A condition that reads the asked field must hold with the choice; others cannot tell and pass. */
function holds(exprs: Expressions, source: string, known: Values, field: string): boolean {
  if (!exprs.refs(source).some((r) => r.root === field)) return true;
  const result = exprs.evaluate(source, known);
  return !result.ok || result.value === true;
}

/** How a route's inputs compare with the task's: shown and equal, shown and different, or not known. */
function judge(route: Route, known: Values, q: BranchQuestion, exprs: Expressions): { matched: number; mismatch: boolean; unknown: number } {
  let matched = 0;
  let unknown = 0;
  let mismatch = false;
  for (const { input, value } of route.with) {
    if (!(input in q.args)) continue;
    const source = value.source.trim();
    if (source in q.skill.fields) {
      if (q.answer(source) === undefined) unknown++;
      continue;
    }
    const result = exprs.evaluate(source, known);
    if (!result.ok || result.value === undefined) unknown++;
    else if (same(result.value, q.args[input])) matched++;
    else mismatch = true;
  }
  return { matched, mismatch, unknown };
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b) || (typeof a === "string" && a === String(b));
}

/** The question of the first `ask` of `field`, anywhere in the steps. */
function questionOf(steps: Skill["steps"], field: string): Template | undefined {
  for (const step of steps) {
    if (step.kind === "ask" && step.field === field) return step.question;
    if (step.kind === "when" || step.kind === "repeat") {
      const inner = questionOf(step.steps, field);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * The values of a question's holes, read back from the text it rendered to: each hole that is a plain
 * path (`tool.a.b`) gets the text it stood for, as nested records (`{ tool: { a: { b: "…" } } }`).
 */
export function readHoles(template: Template, text: string, exprs: Expressions): Values {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = template.parts.map((p) => (typeof p === "string" ? escape(p) : "(.*?)")).join("");
  const match = new RegExp(`^${pattern}$`, "s").exec(text.trim());
  const values: Values = {};
  if (!match) return values;
  const holes = template.parts.filter((p) => typeof p !== "string");
  holes.forEach((hole, i) => {
    const refs = exprs.refs(hole.source);
    const ref = refs[0];
    if (refs.length !== 1 || !ref || [ref.root, ...ref.path].join(".") !== hole.source.trim()) return;
    let at = values;
    for (const key of [ref.root, ...ref.path.slice(0, -1)]) at = (at[key] ??= {}) as Values;
    if (ref.path.length === 0) values[ref.root] = match[i + 1];
    else at[ref.path.at(-1)!] = match[i + 1];
  });
  return values;
}

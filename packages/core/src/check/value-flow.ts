/**
 * Which values exist where: a forward "must" pass (linear) over the steps. A value is available at a
 * point when it is available on every path there: fields asked earlier, outputs of tools that ran
 * earlier, the loop variable and per-iteration fields inside a `repeat`. Nested blocks add values only
 * for themselves; after a switch, what every one of its ways added. A lookup counts as run where it is referenced or done (its inputs are then checked).
 * Collects every tool input that cannot be bound and every value read before it exists. Pure.
 */
import type { AskStep, DoStep, Expr, HandoffStep, Position, Skill, Step, SwitchStep, WhenStep } from "../format/ir.js";
import { everyChildStepOf } from "../format/child-steps.js";
import { locateInExpr } from "../expr/locate.js";
import type { SkillExpressions } from "../expr/types.js";
import { expressionsOf, holes, repeatCheckExprs } from "./expressions-of.js";
import { ScopedNames } from "./scoped-names.js";
import { eitherOrPair } from "./either-or.js";
import { alwaysEnds } from "./check-after-handoff.js";
import { ownValue } from "../own-value.js";
import { lookupBindings } from "../compile/lookup-bindings.js";
import type { ValueType } from "../tools/value-type.js";

const gatheredMemo = new WeakMap<Skill, Set<string>>();

/** The names of the repeats' gathered answers (`as:`). */
function gatheredNames(skill: Skill): Set<string> {
  let names = gatheredMemo.get(skill);
  if (names) return names;
  names = new Set();
  const visit = (steps: readonly Step[]) => {
    for (const step of steps) {
      if (step.kind === "repeat" && step.gather) names!.add(step.gather.name);
      visit(everyChildStepOf(step));
    }
  };
  visit(skill.steps);
  gatheredMemo.set(skill, names);
  return names;
}

export type InputSource = "loop" | "field" | "output" | "with" | "missing";

export interface MissingInput { tool: string; param: string; stepId: string; pos: Position }
export interface EarlyUse {
  name: string; kind: "field" | "write" | "gathered"; stepId: string; pos: Position; ownAsk: boolean;
  /** The named value (`## Values`) the use is read through, when it is not written where it is used. */
  via?: string;
}

export interface ValueFlow {
  missingInputs: MissingInput[];
  earlyUses: EarlyUse[];
  /** For each write step: where each of its inputs is bound from at that point. */
  writeInputs: Map<string, Record<string, InputSource>>;
}

interface Pass {
  skill: Skill;
  exprs: SkillExpressions;
  names: ScopedNames;
  /** The loop variables in scope, with their types. */
  loopVars: Record<string, ValueType>;
  flow: ValueFlow;
  step: Step;
}

/** The value flow of a skill (compileSkill keeps one per Skill object). */
export function computeValueFlow(skill: Skill, exprs: SkillExpressions): ValueFlow {
  const flow: ValueFlow = { missingInputs: [], earlyUses: [], writeInputs: new Map() };
  const pass: Pass = { skill, exprs, names: new ScopedNames(), loopVars: {}, flow, step: skill.steps[0]! };
  walk(skill.steps, pass);
  return flow;
}

function walk(steps: readonly Step[], pass: Pass): void {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    pass.step = step;
    const pair = eitherOrPair(steps, i, pass.exprs);
    if (pair) {
      passEitherOr(pair, pass);
      i++;
    } else if (step.kind === "ask") passAsk(step, pass);
    else if (step.kind === "decide") {
      // Its question is read before the decision exists; after the step, the decision is known.
      for (const { expr } of holes(step.question)) readExpr(expr, pass, step.decide);
      pass.names.add(`f:${step.decide}`);
    }
    else if (step.kind === "do") passDo(step, pass);
    else if (step.kind === "handoff") {
      passDo(step, pass);
      for (const { expr } of holes(step.tell)) readExpr(expr, pass);
    }
    else if (step.kind === "repeat") {
      readExpr(step.list, pass);
      passNested(step, pass);
      // A repeat's `check:` runs once every pass is answered: its gathered list is known there.
      for (const { expr } of repeatCheckExprs(step)) readExpr(expr, pass);
    } else {
      for (const { expr } of expressionsOf(step)) readExpr(expr, pass);
      if (step.kind === "when") passNested(step, pass);
      if (step.kind === "switch") passSwitch(step, pass);
    }
  }
}

/**
 * A block's steps see what it adds only inside it. In a `repeat`, the loop variable, and the properties
 * of its rows (they bind tool inputs of their names); after a repeat with `as:`, its gathered answers.
 */
function passNested(step: Extract<Step, { kind: "when" | "repeat" }>, pass: Pass): void {
  const mark = pass.names.mark();
  const outer = pass.loopVars;
  if (step.kind === "repeat") {
    pass.names.add(`v:${step.item}`);
    const list = pass.exprs.valueType(step.list, { loopVars: outer });
    const item: ValueType = list?.t === "list" ? list.of : { t: "dyn" };
    if (item.t === "object") for (const key of Object.keys(item.fields)) if (!item.optional?.includes(key)) pass.names.add(`r:${key}`);
    pass.loopVars = { ...outer, [step.item]: item };
  }
  // Inside a `repeat … until`, `as:` names the earlier passes; its condition reads the pass's values at its end.
  if (step.kind === "repeat" && step.until && step.gather) pass.names.add(`g:${step.gather.name}`);
  walk(step.steps, pass);
  if (step.kind === "repeat" && step.until) readExpr(step.until.condition, pass);
  pass.loopVars = outer;
  pass.names.rollback(mark);
  if (step.kind === "repeat" && step.gather) pass.names.add(`g:${step.gather.name}`);
  if (step.kind === "repeat" && step.until?.exhausted) passExhausted(step.until.exhausted, pass);
}

/** `exhausted:` runs on one way out of the loop only: what it adds is known inside it alone. */
function passExhausted(steps: readonly Step[], pass: Pass): void {
  const mark = pass.names.mark();
  walk(steps, pass);
  pass.names.rollback(mark);
}

/**
 * The ways of a switch, each from the state before it; then what every way that goes on added (exactly
 * one runs, so a value every way gives is known after the switch; a way that always ends — an `end` or a
 * `handoff` — never reaches the steps after it, so what it lacks is not missing there; the checker
 * refuses a switch whose ways miss a value).
 */
function passSwitch(step: SwitchStep, pass: Pass): void {
  const added: Array<Set<string>> = [];
  for (const branch of step.branches) {
    pass.step = step;
    const mark = pass.names.mark();
    walk(branch.steps, pass);
    const names = new Set(pass.names.since(mark));
    pass.names.rollback(mark);
    if (!alwaysEnds(pass, branch.steps)) added.push(names);
  }
  const [first, ...rest] = added;
  for (const name of first ?? []) if (rest.every((names) => names.has(name))) pass.names.add(name);
}

/** Both branches of an either/or, each from the state before it; then what both added. */
function passEitherOr(pair: readonly [WhenStep, WhenStep], pass: Pass): void {
  const added = pair.map((step) => {
    pass.step = step;
    readExpr(step.condition, pass);
    const mark = pass.names.mark();
    walk(step.steps, pass);
    const names = new Set(pass.names.since(mark));
    pass.names.rollback(mark);
    return names;
  });
  for (const name of added[0]!) if (added[1]!.has(name)) pass.names.add(name);
}

/** Question first (the answer is not known yet), then the list it picks from; then the answer exists. */
function passAsk(step: AskStep, pass: Pass): void {
  for (const { expr } of holes(step.question)) readExpr(expr, pass, step.field);
  if (step.from) readExpr(step.from, pass);
  if (step.default) readExpr(step.default, pass, step.field);
  pass.names.add(`f:${step.field}`);
  const shape = ownValue(pass.skill.fields, step.field)?.shape;
  if (shape?.kind === "lookup") useLookup(shape.tool, shape.toolPos, pass);
  for (const check of step.checks) {
    readExpr(check.condition, pass);
    for (const { expr } of holes(check.text)) readExpr(expr, pass);
  }
}

/** A `do:`: its `with:` expressions are read here (like conditions); the inputs they bind need nothing else. */
function passDo(step: DoStep | HandoffStep, pass: Pass): void {
  const { tool, toolPos: pos } = step;
  const info = ownValue(pass.skill.tools, tool);
  if (info?.kind === "lookup") return useLookup(tool, pos, pass);
  for (const binding of step.with ?? []) readExpr(binding.value, pass);
  if (step.kind === "do" && step.card) for (const { expr } of holes(step.card)) readExpr(expr, pass);
  if (!info) return;
  const bound = new Set((step.with ?? []).map((b) => b.input));
  const sources: Record<string, InputSource> = {};
  for (const param of info.params) {
    sources[param.name] = bound.has(param.name) ? "with" : inputSource(param.name, pass);
    if (sources[param.name] === "missing" && !param.optional) missing(tool, param.name, pos, pass);
  }
  pass.flow.writeInputs.set(pass.step.id, sources);
  ran(tool, pass);
}

function readExpr(expr: Expr, pass: Pass, asking?: string): void {
  for (const ref of pass.exprs.refs(expr)) {
    const pos = locateInExpr(expr, ref.start);
    const { root } = ref;
    const via = viaValue(pass.skill, expr.source, ref.root, ref.start);
    if (pass.names.has(`v:${root}`) || pass.names.has(`g:${root}`)) continue;
    if (gatheredNames(pass.skill).has(root)) {
      early(root, "gathered", pos, pass, false, via);
      continue;
    }
    if (ownValue(pass.skill.fields, root)) {
      if (!pass.names.has(`f:${root}`)) early(root, "field", pos, pass, root === asking, via);
      continue;
    }
    const tool = ownValue(pass.skill.tools, root);
    if (tool?.kind === "lookup") useLookup(root, pos, pass);
    else if (tool && !pass.names.has(`t:${root}`)) early(root, "write", pos, pass, false, via);
  }
}

/** The value a reference at `start` is read through: the name written there, when it is a value's. */
function viaValue(skill: Skill, source: string, root: string, start: number): string | undefined {
  if (!skill.values || source.startsWith(root, start)) return undefined;
  const name = /^[A-Za-z_]\w*/.exec(source.slice(start))?.[0];
  return name !== undefined && ownValue(skill.values, name) ? name : undefined;
}

/**
 * A lookup runs on demand where it is used: its required inputs must be bound there, and what its
 * `with:` reads must be known there (lookup-bindings.ts). A missing input is reported once; the lookup
 * then counts as run, so its later reads do not repeat the report.
 */
function useLookup(tool: string, pos: Position, pass: Pass): void {
  const info = ownValue(pass.skill.tools, tool);
  if (!info || info.kind !== "lookup" || pass.names.has(`t:${tool}`)) return;
  const bindings = lookupBindings(pass.skill, tool) ?? [];
  pass.names.add(`t:${tool}`); // a `with:` reading this lookup (or one reading it back) ends here
  for (const binding of bindings) readExpr(binding.value, pass);
  for (const param of info.params) {
    if (bindings.some((b) => b.input === param.name)) continue;
    if (!param.optional && inputSource(param.name, pass) === "missing") missing(tool, param.name, pos, pass);
  }
  ran(tool, pass);
}

/** Inputs are bound by name: loop variable, answers, a property of the loop's rows, then outputs of tools already run. */
function inputSource(name: string, pass: Pass): InputSource {
  if (pass.names.has(`v:${name}`)) return "loop";
  if (pass.names.has(`f:${name}`)) return "field";
  if (pass.names.has(`r:${name}`)) return "loop";
  return pass.names.has(`p:${name}`) ? "output" : "missing";
}

function ran(tool: string, pass: Pass): void {
  pass.names.add(`t:${tool}`);
  const output = ownValue(pass.skill.tools, tool)?.output;
  if (output?.t === "object") for (const key of Object.keys(output.fields)) pass.names.add(`p:${key}`);
}

function missing(tool: string, param: string, pos: Position, pass: Pass): void {
  const stepId = pass.step.id;
  const seen = pass.flow.missingInputs.some((m) => m.tool === tool && m.param === param && m.stepId === stepId);
  if (!seen) pass.flow.missingInputs.push({ tool, param, stepId, pos });
}

function early(name: string, kind: EarlyUse["kind"], pos: Position, pass: Pass, ownAsk: boolean, via?: string): void {
  pass.flow.earlyUses.push({ name, kind, stepId: pass.step.id, pos, ownAsk, ...(via !== undefined && { via }) });
}

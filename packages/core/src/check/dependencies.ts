/**
 * Which answers can change a step: the fields a write, a lookup, a `when` or a `repeat` depends on.
 * One definition for `flow check`, the runtime and `flow procedure`: an `ask` ends a confirm's region
 * only for the writes that depend on the field it asks (docs/design.md, "What a confirm covers").
 *
 * A tool depends on field `f` when one of its inputs is `f` (tool inputs are bound by name), or an input
 * comes from the output of another tool that depends on `f`. A `do:` step's `with:` binds some inputs
 * of its tool from expressions instead: that step depends on what each expression reads (fields, and
 * the lookups and writes it reads, as a condition would) in place of those inputs' by-name sources. An input that only one lookup produces is
 * bound from that lookup's output for the inputs it takes here (run on demand), so nothing else counts;
 * an input several tools produce is bound from the latest one met on the walk, so there the places each
 * is reached count too (inside a `when`/`repeat` whose condition reads `f`, in the `check:` of the ask
 * for `f`). The output of a write counts as the pseudo-field `@write` (`writeField`): it is known only
 * once the write has run, so what reads it cannot be on a card built before. A step depends on what its
 * tool depends on and on what the conditions of the `when`s and `repeat`s around it read. Conservative:
 * it never misses a dependency the runtime's binding can create.
 * Pure; compileSkill keeps one per Skill object.
 */
import { blockExprOf, childStepsOf, nestsSteps } from "../format/child-steps.js";
import type { Expr, InputBinding, Skill, Step } from "../format/ir.js";
import { exhaustedBlock } from "./exhausted-block.js";
import type { SkillExpressions } from "../expr/types.js";
import { ownValue } from "../own-value.js";
import { lookupBindings } from "../compile/lookup-bindings.js";
import type { SkillIndex } from "../compile/skill-index.js";

/** Why a step depends on a field, for messages ("which takes `nights`"). */
export type DependencyReason =
  | { kind: "input"; param: string }
  | { kind: "via-tool"; param: string; tool: string }
  /** The input is bound by the step's `with:` from this expression, which reads the field. */
  | { kind: "with"; param: string; source: string }
  | { kind: "condition"; stepId: string; line: number };

/** Fields, each with one reason (the first found). */
export type DependencySet = ReadonlyMap<string, DependencyReason>;

export interface Dependencies {
  /** A `do` step (with the conditions around it), a `when`'s condition or a `repeat`'s list. */
  ofStep(step: Step): DependencySet;
  /** What evaluating an expression may need (its fields and the lookups it reads). */
  ofExpr(expr: Expr): DependencySet;
  /** A tool's inputs, and where their values can come from. */
  ofTool(tool: string): DependencySet;
}

const EMPTY: DependencySet = new Map();

/** The pseudo-field standing for a write's output (not a valid field name, so it never collides). */
export const writeField = (tool: string): string => `@${tool}`;

/** True for the pseudo-field of a write's output. */
export const isWriteField = (field: string): boolean => field.startsWith("@");

/** True when a step that depends on `deps` can be changed by an answer to one of `fields`. */
export function dependsOnAny(deps: DependencySet, fields: Iterable<string>): boolean {
  for (const f of fields) if (deps.has(f)) return true;
  return false;
}

/** A place a tool is run or read: the `when`s and `repeat`s around it, and the ask whose checks read it. */
interface Site { blocks: readonly Step[]; askField?: string }

interface Pass {
  skill: Skill;
  exprs: SkillExpressions;
  index: SkillIndex;
  fieldNames: ReadonlySet<string>;
  /** Sites by tool name. */
  sites: Map<string, Site[]>;
  /** The blocks around each step (one shared array per nesting). */
  blocksOf: Map<Step, readonly Step[]>;
  toolDeps: Map<string, DependencySet>;
  /** Per round: the dependencies of each block's condition, and of each nesting. */
  blockDeps: Map<Step, DependencySet>;
  nestingDeps: Map<readonly Step[], DependencySet>;
  /** The repeats with `as:`, by gathered name. */
  gatherings: Map<string, Extract<Step, { kind: "repeat" }>>;
}

/** The dependencies of every step (compileSkill keeps one per Skill object). */
export function computeDependencies(skill: Skill, exprs: SkillExpressions, index: SkillIndex): Dependencies {
  const fieldNames = new Set([...Object.keys(skill.fields), ...index.asks.keys()]);
  const pass: Pass = {
    skill, exprs, index, fieldNames, sites: new Map(), blocksOf: new Map(), toolDeps: new Map(), blockDeps: new Map(), nestingDeps: new Map(),
    gatherings: new Map(),
  };
  collectSites(pass, skill.steps, []);
  // Monotone fixpoint: tool dependencies only grow, and there are few tools.
  for (let changed = true; changed; ) {
    changed = false;
    pass.blockDeps = new Map();
    pass.nestingDeps = new Map();
    for (const tool of Object.values(skill.tools)) {
      const next = dependTool(pass, tool.name);
      if (next.size !== (pass.toolDeps.get(tool.name)?.size ?? 0)) changed = true;
      pass.toolDeps.set(tool.name, next);
    }
  }
  pass.blockDeps = new Map();
  pass.nestingDeps = new Map();
  const stepDeps = new Map<Step, DependencySet>();
  return {
    ofStep(step) {
      let deps = stepDeps.get(step);
      if (!deps) stepDeps.set(step, (deps = ownDeps(pass, step)));
      return deps;
    },
    ofExpr: (expr) => exprDeps(pass, expr),
    ofTool: (tool) => pass.toolDeps.get(tool) ?? EMPTY,
  };
}

/** A `do` step: its tool's dependencies and the conditions around it; a block: its condition or list. */
function ownDeps(pass: Pass, step: Step): DependencySet {
  if (nestsSteps(step)) return blockDepsOf(pass, step);
  if (step.kind !== "do" && step.kind !== "handoff") return EMPTY;
  const out = step.with ? boundDeps(pass, step.tool, step.with) : new Map(pass.toolDeps.get(step.tool) ?? EMPTY);
  mergeInto(out, nestingDepsOf(pass, pass.blocksOf.get(step) ?? []));
  return out;
}

/** A `do:` with `with:`: what each bound expression reads, and every other input as bound by name. */
function boundDeps(pass: Pass, name: string, bindings: readonly InputBinding[]): Map<string, DependencyReason> {
  const out = new Map<string, DependencyReason>();
  const tool = ownValue(pass.skill.tools, name);
  for (const param of tool?.params ?? []) {
    const binding = bindings.find((b) => b.input === param.name);
    if (!binding) {
      mergeInto(out, paramDeps(pass, name, param.name));
      continue;
    }
    const reason: DependencyReason = { kind: "with", param: param.name, source: binding.value.source };
    for (const field of exprDeps(pass, binding.value).keys()) addOnce(out, field, reason);
  }
  return out;
}

/** The fields an expression reads, directly or through the lookups (and earlier outputs) it reads. */
function exprDeps(pass: Pass, expr: Expr): Map<string, DependencyReason> {
  const out = new Map<string, DependencyReason>();
  for (const { root } of pass.exprs.refs(expr)) {
    if (pass.fieldNames.has(root)) addOnce(out, root, { kind: "input", param: root });
    const gathering = pass.gatherings.get(root);
    if (gathering && !pass.fieldNames.has(root)) mergeInto(out, gatheredDeps(pass, gathering));
    const tool = pass.fieldNames.has(root) ? undefined : ownValue(pass.skill.tools, root);
    if (!tool) continue;
    if (tool.kind === "write") addOnce(out, writeField(root), { kind: "input", param: root });
    mergeInto(out, pass.toolDeps.get(root) ?? EMPTY);
  }
  return out;
}

/**
 * A repeat's gathered answers: what its list reads, every field asked in its body (and what their lists
 * read), and the gathered lists of the repeats inside it.
 */
function gatheredDeps(pass: Pass, repeat: Extract<Step, { kind: "repeat" }>): Map<string, DependencyReason> {
  const out = new Map(blockDepsOf(pass, repeat));
  const reason: DependencyReason = { kind: "condition", stepId: repeat.id, line: repeat.pos.line };
  const visit = (steps: readonly Step[]) => {
    for (const step of steps) {
      if (nestsSteps(step)) {
        for (const f of blockDepsOf(pass, step).keys()) addOnce(out, f, reason);
        visit(childStepsOf(step));
      }
      if (step.kind !== "ask") continue;
      addOnce(out, step.field, reason);
      if (step.from) for (const f of exprDeps(pass, step.from).keys()) addOnce(out, f, reason);
    }
  };
  visit(repeat.steps);
  return out;
}

function blockDepsOf(pass: Pass, block: Step): DependencySet {
  let deps = pass.blockDeps.get(block);
  if (deps) return deps;
  const own = blockExprOf(block);
  const reason: DependencyReason = { kind: "condition", stepId: block.id, line: block.pos.line };
  deps = new Map([...(own ? exprDeps(pass, own) : EMPTY).keys()].map((f) => [f, reason]));
  pass.blockDeps.set(block, deps);
  return deps;
}

function nestingDepsOf(pass: Pass, blocks: readonly Step[]): DependencySet {
  let deps = pass.nestingDeps.get(blocks);
  if (deps) return deps;
  const out = new Map<string, DependencyReason>();
  for (const block of blocks) mergeInto(out, blockDepsOf(pass, block));
  pass.nestingDeps.set(blocks, out);
  return out;
}

/**
 * One tool's dependencies from its inputs: by name, and through every tool that can produce them. An input
 * bound from the loop's row inside a `repeat` needs nothing here: a step inside the repeat depends on its
 * list through its nesting, and a gathered list on the repeat's list (`gatheredDeps`). Adding the list to
 * the tool's own dependencies made every run of the tool, outside the repeat too, depend on it. A lookup
 * with a `with:` (lookup-bindings.ts) depends on what its expressions read, wherever it is read.
 */
function dependTool(pass: Pass, name: string): Map<string, DependencyReason> {
  const bindings = lookupBindings(pass.skill, name);
  if (bindings) return boundDeps(pass, name, bindings);
  const out = new Map<string, DependencyReason>();
  const params = ownValue(pass.skill.tools, name)!.params;
  for (const param of params) mergeInto(out, paramDeps(pass, name, param.name));
  return out;
}

/** What one input of tool `name`, bound by name, depends on. */
function paramDeps(pass: Pass, name: string, param: string): Map<string, DependencyReason> {
  const out = new Map<string, DependencyReason>();
  if (pass.fieldNames.has(param)) addOnce(out, param, { kind: "input", param });
  const from = (pass.index.producers.get(param) ?? []).filter((p) => p !== name);
  // One lookup: bound from its output for the inputs it takes here, wherever else it is reached.
  const onDemand = from.length === 1 && ownValue(pass.skill.tools, from[0]!)?.kind === "lookup";
  for (const producer of from) {
    const via = { kind: "via-tool" as const, param, tool: producer };
    if (ownValue(pass.skill.tools, producer)?.kind === "write") addOnce(out, writeField(producer), via);
    for (const f of (pass.toolDeps.get(producer) ?? EMPTY).keys()) addOnce(out, f, via);
    if (onDemand) continue;
    // Several producers: the latest one met wins, so where each is reached counts too.
    for (const site of pass.sites.get(producer) ?? []) {
      for (const f of nestingDepsOf(pass, site.blocks).keys()) addOnce(out, f, via);
      if (site.askField) addOnce(out, site.askField, via);
    }
  }
  return out;
}

/** Every place a tool is run or read, with the blocks around it. */
function collectSites(pass: Pass, steps: readonly Step[], blocks: readonly Step[]): void {
  const site = (tool: string, askField?: string) => {
    const list = pass.sites.get(tool) ?? [];
    list.push({ blocks, ...(askField ? { askField } : {}) });
    pass.sites.set(tool, list);
  };
  const read = (expr: Expr, askField?: string) => {
    for (const { root } of pass.exprs.refs(expr)) if (ownValue(pass.skill.tools, root)) site(root, askField);
  };
  const holes = (parts: ReadonlyArray<string | Expr>) => {
    for (const p of parts) if (typeof p !== "string") read(p);
  };
  for (const step of steps) {
    pass.blocksOf.set(step, blocks);
    if (step.kind === "do" || step.kind === "handoff") {
      site(step.tool);
      for (const binding of step.with ?? []) read(binding.value);
    }
    if (step.kind === "handoff" || step.kind === "end") holes(step.tell.parts);
    if (step.kind === "do" && step.card) holes(step.card.parts);
    if (step.kind === "say") holes(step.text.parts);
    if (step.kind === "confirm") holes(step.question.parts);
    if (step.kind === "ask") {
      // Its question and list are read before the answer; its checks and lookup shape after it.
      holes(step.question.parts);
      if (step.from) read(step.from);
      if (step.default) read(step.default);
      for (const check of step.checks) {
        read(check.condition, step.field);
        holes(check.text.parts);
      }
      const shape = ownValue(pass.skill.fields, step.field)?.shape;
      if (shape?.kind === "lookup") site(shape.tool, step.field);
    }
    if (step.kind === "repeat" && step.gather) pass.gatherings.set(step.gather.name, step);
    if (nestsSteps(step)) {
      read(blockExprOf(step)!);
      collectSites(pass, childStepsOf(step), [...blocks, step]);
    }
    const exhausted = exhaustedBlock(step);
    if (exhausted) collectSites(pass, exhausted.steps, [...blocks, exhausted]);
  }
}

function addOnce(map: Map<string, DependencyReason>, field: string, reason: DependencyReason): void {
  if (!map.has(field)) map.set(field, reason);
}

function mergeInto(into: Map<string, DependencyReason>, from: DependencySet): void {
  for (const [f, reason] of from) addOnce(into, f, reason);
}

/**
 * The tools whose output is secret-derived: they take a secret field as an input, or an input that can
 * come from another such tool, or a `do:` of theirs binds an input (`with:`) from an expression reading either. Their outputs are treated as secret: never shown in a text, masked in
 * what leaves the runtime. Pure.
 */
export function computeSecretDerived(skill: Skill, index: SkillIndex, exprs: SkillExpressions): ReadonlySet<string> {
  const secret = new Set(Object.values(skill.fields).filter((f) => f.secret).map((f) => f.name));
  const derived = new Set<string>();
  const producers = index.producers;
  // A `with:` expression that reads a secret, or a secret-derived output, makes its tool secret-derived too.
  const boundReads = new Map<string, string[]>();
  for (const step of index.steps.values()) {
    if ((step.kind !== "do" && step.kind !== "handoff") || !step.with) continue;
    const reads = boundReads.get(step.tool) ?? [];
    for (const b of step.with) reads.push(...exprs.refs(b.value).map((r) => r.root));
    boundReads.set(step.tool, reads);
  }
  for (let changed = secret.size > 0; changed; ) {
    changed = false;
    for (const tool of Object.values(skill.tools)) {
      if (derived.has(tool.name)) continue;
      const takes = tool.params.some((p) => secret.has(p.name) || (producers.get(p.name) ?? []).some((t) => t !== tool.name && derived.has(t)))
        || (boundReads.get(tool.name) ?? []).some((root) => secret.has(root) || (root !== tool.name && derived.has(root)));
      if (takes) {
        derived.add(tool.name);
        changed = true;
      }
    }
  }
  return derived;
}

/**
 * A skill compiled once: everything the checks, the runtime and the procedure derive from the IR — the
 * step index, the typed expressions, which answers can change each step, the secret-derived tools, the
 * value flow, the write gate and what each confirm covers. One cache per Skill object; each part is
 * computed on first use (the runtime never needs the gate's witnesses, `flow check` never the full
 * coverage lists). The accessors below are how every other module reads them. Pure.
 */
import type { DoStep, Skill } from "../format/ir.js";
import { createExpressions } from "../expr/create-expressions.js";
import type { SkillExpressions } from "../expr/types.js";
import { computeDependencies, computeSecretDerived, type Dependencies } from "../check/dependencies.js";
import { analyzeGatesWith } from "../check/paths.js";
import type { GateAnalysis } from "../check/path-types.js";
import { makeCoverage, type Coverage } from "../check/coverage.js";
import { computeValueFlow, type ValueFlow } from "../check/value-flow.js";
import { ownValue } from "../own-value.js";
import { buildIndex, type SkillIndex } from "./skill-index.js";

export interface CompiledSkill {
  readonly skill: Skill;
  readonly index: SkillIndex;
  readonly exprs: SkillExpressions;
  readonly deps: Dependencies;
  readonly secretDerived: ReadonlySet<string>;
  readonly valueFlow: ValueFlow;
  readonly gates: GateAnalysis;
  readonly coverage: Coverage;
}

const compiled = new WeakMap<Skill, CompiledSkill>();

/** The compiled skill (each part built on first use, once per Skill object). */
export function compileSkill(skill: Skill): CompiledSkill {
  let found = compiled.get(skill);
  if (!found) compiled.set(skill, (found = lazyCompile(skill)));
  return found;
}

function lazyCompile(skill: Skill): CompiledSkill {
  const parts: Partial<Record<keyof CompiledSkill, unknown>> = { skill };
  const part = <K extends keyof CompiledSkill>(key: K, make: () => CompiledSkill[K]): CompiledSkill[K] => {
    if (!(key in parts)) parts[key] = make();
    return parts[key] as CompiledSkill[K];
  };
  const self: CompiledSkill = {
    skill,
    get index() { return part("index", () => buildIndex(skill)); },
    get exprs() { return part("exprs", () => createExpressions(skill)); },
    get deps() { return part("deps", () => computeDependencies(skill, self.exprs, self.index)); },
    get secretDerived() { return part("secretDerived", () => computeSecretDerived(skill, self.index, self.exprs)); },
    get valueFlow() { return part("valueFlow", () => computeValueFlow(skill, self.exprs)); },
    get gates() { return part("gates", () => analyzeGatesWith(skill, self.deps)); },
    get coverage() { return part("coverage", () => makeCoverage(skill, self.deps, () => self.gates)); },
  };
  return self;
}

/** The expression layer of `skill` (one per Skill object, shared by checks, runtime and procedure). */
export const expressionsFor = (skill: Skill): SkillExpressions => compileSkill(skill).exprs;

/** The step index of `skill`. */
export const indexOf = (skill: Skill): SkillIndex => compileSkill(skill).index;

/** Which answers can change each step (check/dependencies.ts). */
export const dependenciesOf = (skill: Skill): Dependencies => compileSkill(skill).deps;

/** The tools whose output is secret-derived (they take a secret, or an output of such a tool). */
export const secretDerivedTools = (skill: Skill): ReadonlySet<string> => compileSkill(skill).secretDerived;

/** The write gate (check/paths.ts), computed once per Skill object. */
export const gateAnalysisOf = (skill: Skill): GateAnalysis => compileSkill(skill).gates;

/** What each confirm covers (check/coverage.ts). */
export const coverageOf = (skill: Skill): Coverage => compileSkill(skill).coverage;

/** The write gate of `skill`, computed afresh (for tests and benchmarks). */
export const analyzeGates = (skill: Skill): GateAnalysis => analyzeGatesWith(skill, compileSkill(skill).deps);

/** The write steps a confirm step's region covers (on some path), in walk order. */
export function writesCoveredBy(skill: Skill, confirmStepId: string): DoStep[] {
  return coverageOf(skill).covers(confirmStepId).map((c) => c.write);
}

/**
 * The one lookup that produces `param` for `tool` (the tool itself left out), or undefined when none or
 * several tools do: the runtime binds such an input from that lookup's output, run on demand.
 */
export function soleLookupProducer(skill: Skill, param: string, tool: string): string | undefined {
  const from = (indexOf(skill).producers.get(param) ?? []).filter((p) => p !== tool);
  return from.length === 1 && ownValue(skill.tools, from[0]!)?.kind === "lookup" ? from[0] : undefined;
}

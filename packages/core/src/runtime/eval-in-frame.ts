/**
 * Evaluating conditions, lists and templates where the walk is. The values an expression reads are
 * gathered from its references: loop variables, visible answers, and tool outputs (a lookup runs on
 * demand, so evaluation may stop the walk with a `call`). Secrets are masked in rendered text.
 */
import type { Expr, Skill, Template } from "../format/ir.js";
import { createExpressions } from "../expr/create-expressions.js";
import type { EvaluateResult, SkillExpressions, Values } from "../expr/types.js";
import { visibleAnswerKey } from "./answer-keys.js";
import { ensureLookup } from "./request-call.js";
import type { Frame, Run } from "./run-context.js";

export const SECRET_MASK = "[secret]";

const exprCache = new WeakMap<Skill, SkillExpressions>();

/** The expression layer of `skill`, created once per Skill object. */
export function expressionsOf(skill: Skill): SkillExpressions {
  let found = exprCache.get(skill);
  if (!found) exprCache.set(skill, (found = createExpressions(skill)));
  return found;
}

/** Evaluates `expr` in `frame`. */
export function evaluateIn(run: Run, expr: Expr, frame: Frame): EvaluateResult {
  return run.exprs.evaluate(expr, valuesFor(run, [expr], frame, false), { loopVars: frame.varTypes });
}

/** Renders `template` in `frame`; holes that cannot be filled yet leave the template as written. */
export function renderIn(run: Run, template: Template, frame: Frame): string {
  const holes = template.parts.filter((p): p is Expr => typeof p !== "string");
  const result = run.exprs.render(template, valuesFor(run, holes, frame, true), { loopVars: frame.varTypes });
  return result.ok ? result.text : template.source;
}

function valuesFor(run: Run, exprs: Expr[], frame: Frame, maskSecrets: boolean): Values {
  const values: Values = {};
  for (const expr of exprs) {
    for (const { root } of run.exprs.refs(expr)) {
      if (Object.hasOwn(values, root)) continue;
      const value = valueOf(run, root, frame, maskSecrets);
      if (value !== undefined) values[root] = value;
    }
  }
  return values;
}

/** Fields first, then tools, then loop variables: the order the type environment declares them in. */
function valueOf(run: Run, root: string, frame: Frame, maskSecrets: boolean): unknown {
  const field = run.skill.fields[root];
  if (field) {
    const key = visibleAnswerKey(run.state, root, frame.scope);
    if (key === undefined) return undefined;
    return field.secret && maskSecrets ? SECRET_MASK : run.state.answers[key].value;
  }
  const tool = run.skill.tools[root];
  if (tool) return tool.kind === "lookup" ? ensureLookup(run, tool, frame, tool.name) : run.outputs.get(root);
  return Object.hasOwn(frame.vars, root) ? frame.vars[root] : undefined;
}

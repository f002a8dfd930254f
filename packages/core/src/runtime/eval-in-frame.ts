/**
 * Evaluating conditions, lists and templates where the walk is. The values an expression reads are
 * gathered from its references: loop variables, visible answers, and tool outputs (a lookup runs on
 * demand, so evaluation may stop the walk with a `call`). Secrets are masked in rendered text.
 */
import type { Expr, Template } from "../format/ir.js";
import type { EvaluateResult, Values } from "../expr/types.js";
import { visibleAnswerKey } from "./answer-keys.js";
import { ensureLookup } from "./request-call.js";
import { hiddenInCard, type Frame, type Run } from "./run-context.js";
import { declaredField } from "./skill-index.js";
import { ownValue } from "../own-value.js";

export const SECRET_MASK = "[secret]";

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
  const field = declaredField(run.skill, root);
  if (field) {
    const key = hiddenInCard(run, root) ? undefined : visibleAnswerKey(run.state, root, frame.scope);
    if (key === undefined) return undefined;
    return field.secret && maskSecrets ? SECRET_MASK : run.state.answers[key].value;
  }
  const tool = ownValue(run.skill.tools, root);
  if (tool) return tool.kind === "lookup" ? ensureLookup(run, tool, frame, tool.name) : run.outputs.get(root);
  return Object.hasOwn(frame.vars, root) ? frame.vars[root] : undefined;
}

/**
 * Evaluating conditions, lists and templates where the walk is. The values an expression reads are
 * gathered from its references: loop variables, visible answers, and tool outputs (a lookup runs on
 * demand, so evaluation may stop the walk with a `call`). Secrets are masked in rendered text.
 */
import { secretDerivedTools } from "../compile/compile-skill.js";
import type { Expr, Template } from "../format/ir.js";
import type { EvaluateResult, Values } from "../expr/types.js";
import { visibleAnswerKey } from "./answer-keys.js";
import { ensureLookup } from "./bind-inputs.js";
import { gatheredValue, isGathered } from "./gathered-answers.js";
import { fail, hiddenInCard, type Frame, type Run } from "./run-context.js";
import { declaredField } from "./skill-index.js";
import { decisionIn } from "./decision-in.js";
import { ownValue } from "../own-value.js";

export const SECRET_MASK = "[secret]";

/** Evaluates `expr` in `frame`. */
export function evaluateIn(run: Run, expr: Expr, frame: Frame): EvaluateResult {
  return run.exprs.evaluate(expr, valuesFor(run, [expr], frame, false), { loopVars: frame.varTypes });
}

/**
 * Renders `template` in `frame`; holes that cannot be filled yet leave the template as written. A hole
 * that reads the output of a tool that took a secret (secret-derived) shows `[secret]`: it is still
 * evaluated (for the lookups it runs), never shown, and so never sent to the model.
 */
export function renderIn(run: Run, template: Template, frame: Frame): string {
  const holes = holesOf(template);
  if (holes.length === 0) return literalText(template);
  return renderHoles(run, template, holes, frame, valuesFor(run, holes, frame, true));
}

/**
 * Renders a text shown to the person (a say, a question, a card): a hole whose reference has no value
 * here (a name the skill does not know, a write that has not run, a field not answered — what the
 * checker rejects, in a skill that skipped it) stops the turn with an error instead of showing the
 * template as written.
 */
export function renderShown(run: Run, template: Template, frame: Frame): string {
  const holes = holesOf(template);
  if (holes.length === 0) return literalText(template);
  const values = valuesFor(run, holes, frame, true);
  for (const hole of holes) {
    const missing = run.exprs.refs(hole).find((r) => !Object.hasOwn(values, r.root));
    if (missing) fail(run, `Cannot show the text at line ${template.pos.line} of the skill: \`${missing.root}\` has no value here (${whatIs(run, missing.root, frame)}).`);
  }
  return renderHoles(run, template, holes, frame, values);
}

/**
 * Renders a text shown to the person like `renderShown`, but gives undefined instead of stopping the turn
 * when a hole has no value here or does not evaluate (a card's words then fall back to plainer ones).
 */
export function tryRenderShown(run: Run, template: Template, frame: Frame): string | undefined {
  const holes = holesOf(template);
  if (holes.length === 0) return literalText(template);
  const values = valuesFor(run, holes, frame, true);
  if (holes.some((hole) => run.exprs.refs(hole).some((r) => !Object.hasOwn(values, r.root)))) return undefined;
  const result = run.exprs.render(template, values, { loopVars: frame.varTypes });
  return result.ok ? renderHoles(run, template, holes, frame, values) : undefined;
}

function whatIs(run: Run, root: string, frame: Frame): string {
  if (declaredField(run.skill, root)) return "a field not answered yet";
  const tool = ownValue(run.skill.tools, root);
  if (tool) return tool.kind === "write" ? "a write that has not run" : tool.kind === "handoff" ? "a hand-off that has not run" : "a lookup with no result";
  return Object.hasOwn(frame.vars, root) ? "a loop variable with no value" : "not a field, a tool or a loop variable of this skill";
}

function renderHoles(run: Run, template: Template, holes: Expr[], frame: Frame, values: Values): string {
  const derived = secretDerivedTools(run.skill);
  const hidden = (hole: Expr) => derived.size > 0 && run.exprs.refs(hole).some((r) => derived.has(r.root) && !Object.hasOwn(frame.vars, r.root));
  if (!holes.some(hidden)) {
    const result = run.exprs.render(template, values, { loopVars: frame.varTypes });
    return result.ok ? result.text : template.source;
  }
  let text = "";
  for (const part of template.parts) {
    if (typeof part === "string") text += part;
    else {
      const result = run.exprs.render({ source: part.source, pos: part.pos, parts: [part] }, values, { loopVars: frame.varTypes });
      if (!result.ok) return template.source;
      text += hidden(part) ? SECRET_MASK : result.text;
    }
  }
  return text;
}

/** A template's holes, and the text of one without holes, worked out once per template (the IR is never edited). */
const holesMemo = new WeakMap<Template, Expr[]>();
const literalMemo = new WeakMap<Template, string>();

function holesOf(template: Template): Expr[] {
  let holes = holesMemo.get(template);
  if (!holes) holesMemo.set(template, (holes = template.parts.filter((p): p is Expr => typeof p !== "string")));
  return holes;
}

function literalText(template: Template): string {
  let text = literalMemo.get(template);
  if (text === undefined) literalMemo.set(template, (text = template.parts.join("")));
  return text;
}

function valuesFor(run: Run, exprs: Expr[], frame: Frame, maskSecrets: boolean): Values {
  const values: Values = Object.create(null) as Values;
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
  if (field?.decide) return hiddenInCard(run, root) ? undefined : decisionIn(run, root, frame.scope);
  if (field) {
    const key = hiddenInCard(run, root) ? undefined : visibleAnswerKey(run.state, root, frame.scope);
    const answer = key === undefined ? undefined : ownValue(run.state.answers, key);
    if (!answer) return undefined;
    return field.secret && maskSecrets ? SECRET_MASK : answer.value;
  }
  const tool = ownValue(run.skill.tools, root);
  if (tool) return tool.kind === "lookup" ? ensureLookup(run, tool, frame, tool.name, evaluateIn) : run.outputs.get(root);
  if (Object.hasOwn(frame.vars, root)) return frame.vars[root];
  return isGathered(run.skill, root) ? gatheredValue(run, root, frame, { evaluate: evaluateIn, mask: maskSecrets ? SECRET_MASK : undefined }) : undefined;
}

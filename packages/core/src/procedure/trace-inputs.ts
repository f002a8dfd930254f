/**
 * Where each input of a write comes from: what its step's `with:` binds it to, else by the runtime's
 * binding order (runtime/bind-inputs.ts): the loop variable, then the answer to an earlier ask, then a top-level property of the output of the
 * latest tool met earlier on the way (a `do`, or a lookup an earlier condition or text reads). Pure.
 */
import type { ExprRef } from "../expr/types.js";
import type { Expr, Skill, Step } from "../format/ir.js";
import type { Inline } from "./model.js";
import { code, inline, joinList } from "./inline.js";
import { describeValue } from "./describe-condition.js";
import { asPhrase, contextAt } from "./describe-value.js";
import { isWrite, type PlacedStep } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

function stepExprs(step: Step): Expr[] {
  const holes = (parts: Array<string | Expr>): Expr[] => parts.filter((p): p is Expr => typeof p !== "string");
  switch (step.kind) {
    case "say": return holes(step.text.parts);
    case "ask": return [...(step.from ? [step.from] : []), ...holes(step.question.parts), ...step.checks.map((c) => c.condition)];
    case "confirm": return holes(step.question.parts);
    case "when": return [step.condition];
    case "repeat": return [step.list];
    case "switch": return [step.on];
    case "do": return [...(step.with ?? []).map((b) => b.value), ...(step.card ? holes(step.card.parts) : [])];
    case "handoff": return [...(step.with ?? []).map((b) => b.value), ...holes(step.tell.parts)];
    case "end": return holes(step.tell.parts);
    default: return [];
  }
}

export type RefsOf = (expr: Expr) => ExprRef[];

/**
 * Tools met before `target`, in binding order (oldest first; a tool met again moves to the end), each
 * with the step to name: its `do` step when it has one, else where it was first met.
 */
function toolsMet(skill: Skill, placed: readonly PlacedStep[], target: PlacedStep, refs: RefsOf): Array<{ tool: string; step: string }> {
  const met = new Map<string, string>();
  const meet = (tool: string, step: string, isDo: boolean): void => {
    const named = isDo ? step : (met.get(tool) ?? step);
    met.delete(tool);
    met.set(tool, named);
  };
  for (const { step } of placed.slice(0, target.order)) {
    const shape = step.kind === "ask" ? ownValue(skill.fields, step.field)?.shape : undefined;
    if (shape?.kind === "lookup") meet(shape.tool, step.id, false);
    for (const ref of stepExprs(step).flatMap(refs)) if (ownValue(skill.tools, ref.root)) meet(ref.root, step.id, false);
    if (step.kind === "do" || step.kind === "handoff") meet(step.tool, step.id, true);
  }
  return [...met].map(([tool, step]) => ({ tool, step }));
}

function fromOutput(skill: Skill, name: string, met: ReadonlyArray<{ tool: string; step: string }>): Inline | undefined {
  for (const { tool, step } of [...met].reverse()) {
    const out = ownValue(skill.tools, tool)?.output;
    if (out?.t !== "object" || !Object.hasOwn(out.fields, name)) continue;
    const words = ownValue(out.descriptions, name);
    const kind = isWrite(skill, tool) ? "the change" : "the lookup";
    return inline(code(`${tool}.${name}`), words ? ` (${asPhrase(words)})` : "", `, from ${kind} `, code(tool), ` at step ${step}`);
  }
  return undefined;
}

/** One line per input of the write at `target`: its name and where its value comes from. */
export function traceInputs(skill: Skill, placed: readonly PlacedStep[], target: PlacedStep, refs: RefsOf): Inline[] {
  const step = target.step;
  const tool = step.kind === "do" ? ownValue(skill.tools, step.tool) : undefined;
  if (!tool) return [];
  const met = toolsMet(skill, placed, target, refs);
  return tool.params.map((param) => {
    const loop = [...target.ancestors].reverse().find((b) => b.kind === "repeat" && b.item === param.name);
    const asks = placed.slice(0, target.order).filter((p) => p.step.kind === "ask" && p.step.field === param.name);
    let source: Inline | undefined;
    const binding = step.kind === "do" ? step.with?.find((b) => b.input === param.name) : undefined;
    if (binding) {
      source = inline(describeValue(binding.value, contextAt(skill, target.ancestors)), " (bound by ", code("with:"), ")");
    } else if (loop?.kind === "repeat") {
      source = inline("the row being handled at step ", loop.id, " (each of ", describeValue(loop.list, contextAt(skill, target.ancestors)), ")");
    } else if (asks.length > 0) {
      source = inline("the answer to ", joinList(asks.map((a) => [`step ${a.step.id}`]), ", ", " or "));
    } else source = fromOutput(skill, param.name, met);
    const about = param.description ? ` (${asPhrase(param.description)})` : "";
    const optional = param.optional ? ", optional" : "";
    return inline("Input ", code(param.name), about, optional, ": ", source ?? ["no value is bound here (the checker rejects this skill)"]);
  });
}

/**
 * row-binds-asked-input (warning): inside a `repeat` over rows, a tool run or read there takes an input
 * by name that both a property of the row and a field the skill asks can give. The runtime binds the
 * answer once it is given and the row's property before (bind-inputs.ts), with nothing said, so which
 * one a search runs with depends on when it is read. An input bound by a `with:` (the write's step's, or
 * the lookup's: lookup-bindings.ts) or named like a loop variable is not ambiguous. Pure.
 */
import type { Position, Step } from "../format/ir.js";
import type { Scope } from "../expr/types.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { expressionsOf } from "./expressions-of.js";
import { indexOf } from "../compile/compile-skill.js";
import { lookupBindings } from "../compile/lookup-bindings.js";
import { ownValue } from "../own-value.js";
import { at } from "./words.js";

export function checkRowBindsAskedInput(ctx: CheckContext): void {
  walkSteps(ctx, (step, place) => {
    if (place.repeats.length === 0) return;
    const said = new Set<string>();
    for (const { tool, pos } of toolsUsed(ctx, step)) {
      const info = ownValue(ctx.skill.tools, tool);
      if (!info || info.kind === "handoff" && step.kind !== "handoff") continue;
      const withs = info.kind === "lookup" ? lookupBindings(ctx.skill, tool) : step.kind === "do" || step.kind === "handoff" ? step.with : undefined;
      for (const param of info.params) {
        if (said.has(`${tool}.${param.name}`) || withs?.some((b) => b.input === param.name)) continue;
        const row = rowWith(place.scope, param.name);
        const ask = (indexOf(ctx.skill).asks.get(param.name) ?? [])[0];
        if (!row || !ask) continue;
        said.add(`${tool}.${param.name}`);
        report(ctx, { tool, input: param.name, row, ask: ask.pos, pos, isDo: (step.kind === "do" || step.kind === "handoff") && step.tool === tool });
      }
    }
  });
}

interface Finding { tool: string; input: string; row: string; ask: Position; pos: Position; isDo: boolean }

function report(ctx: CheckContext, f: Finding): void {
  const choice = `\`with: { ${f.input}: ${f.input} }\` (the answer) or \`with: { ${f.input}: ${f.row}.${f.input} }\` (the row)`;
  ctx.report(
    "row-binds-asked-input", f.pos,
    `\`${f.tool}\` takes \`${f.input}\` by name here, and both the row's \`${f.row}.${f.input}\` and the field \`${f.input}\` (asked at ${at(f.ask)}) give it: the row's binds until \`${f.input}\` is answered, the answer after, with nothing said.`,
    f.isDo
      ? `Say which one with ${choice} on \`do: ${f.tool}\`.`
      : `Say which one: add \`- do: ${f.tool}\` above this step with ${choice}; a lookup's \`with:\` binds it wherever it is read.`,
  );
}

/** The innermost loop variable whose rows have a property `name` (none when a loop variable is named so). */
function rowWith(scope: Scope, name: string): string | undefined {
  const vars = Object.entries(scope.loopVars ?? {});
  if (vars.some(([v]) => v === name)) return undefined;
  for (const [v, type] of vars.reverse()) if (type.t === "object" && Object.hasOwn(type.fields, name)) return v;
  return undefined;
}

/** The tools a step runs or reads: its `do:`/`handoff:` tool, the lookups its expressions read, its lookup shape. */
function toolsUsed(ctx: CheckContext, step: Step): Array<{ tool: string; pos: Position }> {
  const out: Array<{ tool: string; pos: Position }> = [];
  if (step.kind === "do" || step.kind === "handoff") out.push({ tool: step.tool, pos: step.toolPos });
  for (const { expr } of expressionsOf(step)) {
    for (const { root } of ctx.exprs.refs(expr)) {
      if (ownValue(ctx.skill.tools, root)?.kind === "lookup") out.push({ tool: root, pos: expr.pos });
    }
  }
  const shape = step.kind === "ask" ? ownValue(ctx.skill.fields, step.field)?.shape : undefined;
  if (shape?.kind === "lookup") out.push({ tool: shape.tool, pos: shape.toolPos });
  return out;
}

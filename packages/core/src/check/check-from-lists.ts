/**
 * bad-from: `from:` on an ask must be a list of objects that each have an `id` (the pick's value is the
 * chosen row's `id`): `tool.list`, where `tool` is a lookup whose output has `list`, or an expression
 * giving such rows (`product.variants.filter(v, v.available)`, a loop variable's list) that reads no
 * write's output. Pure.
 */
import type { AskStep, ToolInfo } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import type { CheckContext } from "./context.js";
import type { Scope } from "../expr/types.js";
import { walkSteps } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

const EXAMPLE = "Point `from:` at a lookup's list of rows with an `id`, like `from: search_flights.flights`.";

export function checkFromLists(ctx: CheckContext): void {
  walkSteps(ctx, (step, place) => {
    if (step.kind !== "ask" || !step.from) return;
    const problem = fromProblem(ctx, step, place.scope);
    if (problem) ctx.report("bad-from", step.from.pos, problem, EXAMPLE);
  });
}

/** What is wrong with the step's `from:`, or undefined (also when another rule reports it). */
function fromProblem(ctx: CheckContext, step: AskStep, scope: Scope): string | undefined {
  const from = step.from!;
  const refs = ctx.exprs.refs(from);
  const ref = refs.length === 1 ? refs[0] : undefined;
  const property = ref?.path.length === 1 ? ref.path[0] : undefined;
  if (!ref || property === undefined || from.source.replace(/\s+/g, "") !== `${ref.root}.${property}`) {
    if (!ctx.exprs.typeCheck(from, scope).ok) return undefined;
    const write = refs.find((r) => notLookup(ownValue(ctx.skill.tools, r.root)) && !ownValue(scope.loopVars, r.root));
    if (write) return `\`${write.root}\` is ${aKind(ownValue(ctx.skill.tools, write.root)!)}, not a lookup, so its output cannot be offered as a list to pick from.`;
    const list = ctx.exprs.valueType(from, scope);
    return list ? rowsProblem(from.source, list) : undefined;
  }
  const tool: ToolInfo | undefined = ownValue(ctx.skill.tools, ref.root);
  if (!tool) {
    return ownValue(ctx.skill.fields, ref.root) ? `\`${ref.root}\` is a field, not a lookup, so \`from: ${from.source}\` has no rows to pick from.` : undefined;
  }
  if (tool.kind !== "lookup") return `\`${ref.root}\` is ${aKind(tool)}, not a lookup, so its output cannot be offered as a list to pick from.`;
  const list = tool.output.t === "object" ? ownValue(tool.output.fields, property) : undefined;
  if (!list) return undefined;
  return rowsProblem(from.source, list);
}

function rowsProblem(source: string, list: ValueType): string | undefined {
  if (list.t === "dyn") return undefined;
  if (list.t !== "list") return `\`${source}\` is not a list, so there are no rows to pick from.`;
  const row = list.of;
  if (row.t === "dyn") return undefined;
  if (row.t !== "object") return `\`${source}\` is a list of plain values, not of rows (objects with an \`id\`).`;
  const id = row.fields.id;
  if (!id) return `The rows of \`${source}\` have no \`id\`, so a pick cannot name the row chosen.`;
  if (id.t !== "string" && id.t !== "int" && id.t !== "dyn") return `The \`id\` of the rows of \`${source}\` is not text or a whole number.`;
  if (row.optional?.includes("id")) return `The \`id\` of the rows of \`${source}\` is optional, so a row may have none to pick it by.`;
  return undefined;
}

const notLookup = (tool: ToolInfo | undefined): boolean => tool !== undefined && tool.kind !== "lookup";

/** "a write", "a hand-off tool". */
const aKind = (tool: ToolInfo): string => (tool.kind === "handoff" ? "a hand-off tool" : "a write");

/**
 * card-words (warning): a write whose line on a confirmation card would show raw names — the tool's name
 * (no `card:` words on its `do:` step or in tools.ts, and no description to fall back to), or an input's
 * key (an input the words leave out, with no description to label it). Each names what to add. Also: a
 * tools.ts `card` whose holes read something other than the tool's inputs or do not type-check (the
 * card would fall back to plainer words), and a `card:` on a `do:` of a lookup (no card lists a lookup).
 * Pure.
 */
import type { DoStep, ToolInfo } from "../format/ir.js";
import { cardInputTypes, cardPlanOf } from "../compile/card-words.js";
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

export function checkCardWords(ctx: CheckContext): void {
  walkSteps(ctx, (step) => {
    if (step.kind !== "do") return;
    const tool = ownValue(ctx.skill.tools, step.tool);
    if (!tool) return;
    if (tool.kind !== "write") {
      if (step.card) ctx.report("card-words", step.card.pos, `\`card:\` on \`do: ${tool.name}\` is never shown: \`${tool.name}\` is a lookup, and cards list only writes.`, "Remove `card:` from this step.");
      return;
    }
    checkWrite(ctx, step, tool);
  });
}

function checkWrite(ctx: CheckContext, step: DoStep, tool: ToolInfo): void {
  const plan = cardPlanOf(ctx.skill, step);
  if (plan.from === "tool" && !toolCardWorks(ctx, tool, plan)) return;
  const shown = plan.template ? plan.shown : new Set<string>();
  const keys = tool.params.filter((p) => !shown.has(p.name) && !p.description?.trim()).map((p) => `\`${p.name}\``);
  const named = !plan.template && !tool.description?.trim();
  if (!named && keys.length === 0) return;
  const what = [
    ...(named ? [`its name, "${tool.name.replace(/_/g, " ")}" (it has no card words and no description)`] : []),
    ...(keys.length ? [`the ${keys.length === 1 ? "key" : "keys"} of ${list(keys)} (${keys.length === 1 ? "an input" : "inputs"}${plan.template ? " its card words leave out," : ""} with no description)`] : []),
  ];
  const example = `card: "${tool.name.charAt(0).toUpperCase()}${tool.name.slice(1).replace(/_/g, " ")}${tool.params[0] ? ` {${tool.params[0].name}}` : ""}"`;
  const fix = named || !plan.template
    ? `Add \`card:\` under \`do: ${tool.name}\` (same indentation), or \`card\` to \`${tool.name}\` in tools.ts: words saying what it does for the person${keys.length ? `, showing ${list(keys.map((k) => `\`{${k.slice(1, -1)}}\``))}` : ""}, like \`${example}\`.`
    : `Show ${keys.length === 1 ? "it" : "them"} in the card words (${list(keys.map((k) => `\`{${k.slice(1, -1)}}\``))}), or describe ${keys.length === 1 ? "it" : "each"} in tools.ts with \`.describe("…")\`.`;
  ctx.report("card-words", plan.from === "step" ? step.card!.pos : step.toolPos, `The confirmation card would show \`${tool.name}\` by raw names: ${what.join(", and ")}.`, fix);
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A tools.ts `card` reads only the tool's inputs and type-checks; otherwise reported (the card falls back). */
function toolCardWorks(ctx: CheckContext, tool: ToolInfo, plan: ReturnType<typeof cardPlanOf>): boolean {
  const inputs = new Set(tool.params.map((p) => p.name));
  for (const part of plan.template!.parts) {
    if (typeof part === "string") continue;
    const foreign = ctx.exprs.refs(part).find((r) => !inputs.has(r.root));
    const typed = foreign ? undefined : ctx.exprs.typeCheck(part.source, { loopVars: cardInputTypes(tool) });
    if (!foreign && typed?.ok) continue;
    const why = foreign ? `\`${foreign.root}\` is not one of its inputs (${[...inputs].map((n) => `\`${n}\``).join(", ") || "it has none"})` : typed && !typed.ok ? typed.message : "it cannot be read";
    ctx.report(
      "card-words", part.pos,
      `The card words of \`${tool.name}\` in tools.ts cannot be shown: the hole \`{${part.source}}\` does not work there, because ${why}.`,
      `In tools.ts, read only \`${tool.name}\`'s inputs in its \`card\`, or write the words as \`card:\` under this \`do: ${tool.name}\`, where the skill's fields and lookups can be read.`,
    );
    return false;
  }
  return true;
}

/**
 * used-before-asked: a condition, check, list or text reads a field that is not asked earlier on
 * every path to it, or the output of a write that has not run earlier on every path. Pure.
 */
import type { CheckContext } from "./context.js";
import { isBefore } from "./skill-index.js";
import { indexOf } from "../compile/compile-skill.js";
import type { EarlyUse } from "./value-flow.js";
import { compileSkill } from "../compile/compile-skill.js";
import { at } from "./words.js";
import type { RepeatStep, Step } from "../format/ir.js";
import { ownValue } from "../own-value.js";

export function checkUsedBeforeAsked(ctx: CheckContext): void {
  const said = new Set<string>();
  for (const use of compileSkill(ctx.skill).valueFlow.earlyUses) {
    const [reason, fix] = use.kind === "field" ? fieldWords(ctx, use) : use.kind === "gathered" ? gatheredWords(ctx, use) : writeWords(ctx, use);
    // Read through a named value: say which, since the name written here is the value's.
    const through = use.via === undefined ? reason : reason.replace(/\.$/, ` (the value \`${use.via}\` reads it).`);
    // A value that reads a name several times is one use where it is written: said once there.
    const once = `${use.pos.line}:${use.pos.column}:${through}`;
    if (said.has(once)) continue;
    said.add(once);
    ctx.report("used-before-asked", use.pos, through, fix);
  }
}

function fieldWords(ctx: CheckContext, use: EarlyUse): [string, string] {
  const name = `\`${use.name}\``;
  if (use.ownAsk) {
    return [`${name} is used in its own question, before the person has answered it.`, `Take ${name} out of the question, or show it in a later step.`];
  }
  const asks = indexOf(ctx.skill).asks.get(use.name) ?? [];
  const [first] = asks;
  if (!first) {
    return [`${name} is never asked, so it has no value here.`, `Add \`- ask: { ${use.name}: "…" }\` above ${at(use.pos)}.`];
  }
  const earlier = asks.find((a) => isBefore(a.pos, use.pos));
  const loop = earlier && gatheringRepeat(ctx, earlier.id);
  if (loop && !use.stepId.startsWith(`${loop.id}.`)) {
    const list = loop.gather ? `\`${loop.gather.name}\`` : "a list named by `as:`";
    return [
      `${name} is asked inside the \`repeat\` at ${at(loop.pos)}, once per element, so here it has no single value.`,
      loop.gather
        ? `Read the answers of every pass through ${list} (\`${loop.gather.name}.map(c, c.${use.name})\`), or read ${name} inside the repeat.`
        : `Gather the answers of every pass with \`as: changes\` on the repeat, and read \`changes.map(c, c.${use.name})\` here.`,
    ];
  }
  if (earlier) {
    return [
      `${name} is asked at ${at(earlier.pos)} only on some paths, so it may have no value here.`,
      `Ask ${name} on every path before ${at(use.pos)} (outside the \`when\` or \`repeat\`), or read it only where it was asked.`,
    ];
  }
  return [`${name} is used here but asked only later, at ${at(first.pos)}.`, `Move the ask for ${name} above ${at(use.pos)}.`];
}

/** The innermost repeat around step `stepId`, when the step is inside one. */
function gatheringRepeat(ctx: CheckContext, stepId: string): RepeatStep | undefined {
  let found: RepeatStep | undefined;
  const visit = (steps: readonly Step[], around: RepeatStep | undefined) => {
    for (const step of steps) {
      if (step.id === stepId) found = around;
      if (step.kind === "repeat") visit(step.steps, step);
      if (step.kind === "when") visit(step.steps, around);
      if (step.kind === "switch") for (const b of step.branches) visit(b.steps, around);
    }
  };
  visit(ctx.skill.steps, undefined);
  return found;
}

function gatheredWords(ctx: CheckContext, use: EarlyUse): [string, string] {
  const loop = [...indexOf(ctx.skill).steps.values()].find((s): s is RepeatStep => s.kind === "repeat" && s.gather?.name === use.name);
  const where = loop ? `the \`repeat\` at ${at(loop.pos)}` : "a `repeat`";
  return [
    `\`${use.name}\` gathers the answers of ${where}, so it has a value only after that repeat, on the same path.`,
    `Read \`${use.name}\` after the repeat, outside any \`when\` the repeat is not in.`,
  ];
}

function writeWords(ctx: CheckContext, use: EarlyUse): [string, string] {
  const name = `\`${use.name}\``;
  if (ownValue(ctx.skill.tools, use.name)?.kind === "handoff") {
    return [`${name} is a hand-off tool: nothing runs after it, so its output exists only in the \`tell:\` of its own \`handoff\` step.`, `Read \`${use.name}\`'s output only in that \`tell:\`, or read another value.`];
  }
  const done = [...indexOf(ctx.skill).steps.values()].find((s) => s.kind === "do" && s.tool === use.name);
  if (!done) {
    return [`${name} is a write that no step runs, so its output never exists.`, `Add \`- do: ${use.name}\` (under a confirm) before ${at(use.pos)}, or read another value.`];
  }
  const where = isBefore(done.pos, use.pos) ? `runs at ${at(done.pos)} only on some paths` : `runs only later, at ${at(done.pos)}`;
  return [`${name} is a write that ${where}, so its output may not exist here.`, `Read \`${use.name}\`'s output only after \`do: ${use.name}\` on the same path.`];
}

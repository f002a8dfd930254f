/**
 * unconfirmable-input: a confirmed write taking an input from the output of another write that may run
 * after the confirm and before it. The card is built before either runs, so it could not show that
 * input's value. Pure.
 */
import type { DoStep, Step } from "../format/ir.js";
import type { CheckContext } from "./context.js";
import { coverageOf, type Coverage } from "./coverage.js";
import { indexSkill, isBefore } from "./skill-index.js";
import { analyzeValueFlow } from "./value-flow.js";
import { at } from "./words.js";
import { ownValue } from "../own-value.js";

export function checkUnconfirmableInputs(ctx: CheckContext): void {
  const flow = analyzeValueFlow(ctx);
  const index = indexSkill(ctx.skill);
  const coverage = coverageOf(ctx.skill);
  const writeSteps = [...index.steps.values()].filter((s): s is DoStep => s.kind === "do" && ownValue(ctx.skill.tools, s.tool)?.kind === "write");
  for (const write of writeSteps) {
    const sources = flow.writeInputs.get(write.id) ?? {};
    for (const [param, source] of Object.entries(sources)) {
      if (source !== "output") continue;
      const producers = writeSteps.filter((w) => w !== write && (index.producers.get(param) ?? []).includes(w.tool));
      if (producers.length === 0) continue;
      const gate = coverage.writeGates().find((g) => g.stepId === write.id);
      for (const confirm of gate?.confirms ?? []) {
        const producer = producers.find((p) => runsBetween(coverage, index.steps.get(confirm.stepId)!, p, write));
        if (!producer) continue;
        ctx.report(
          "unconfirmable-input", write.pos,
          `\`${write.tool}\` takes \`${param}\` from \`${producer.tool}\` (${at(producer.pos)}), a write that runs after the confirm \`${confirm.id}\` (${at(confirm.pos)}) covering it, so the card cannot show its value.`,
          `Put a second \`confirm:\` between ${at(producer.pos)} and ${at(write.pos)}, or ask \`${param}\` before the confirm at ${at(confirm.pos)}.`,
        );
        return;
      }
    }
  }
}

/** Can `middle` run after `confirm` and before `write` on one path (within the confirm's scope)? */
function runsBetween(coverage: Coverage, confirm: Step, middle: Step, write: Step): boolean {
  const loopOf = (id: string) => coverage.ancestors(id).filter((s) => s.kind === "repeat");
  const confirmLoops = loopOf(confirm.id);
  const inScope = confirmLoops.length === 0 || loopOf(middle.id).includes(confirmLoops[0]!);
  if (!inScope || !isBefore(confirm.pos, middle.pos)) return false;
  if (isBefore(middle.pos, write.pos)) return true;
  // After the write in a loop around both (not around the confirm): it ran on an earlier row.
  return loopOf(write.id).some((r) => !confirmLoops.includes(r) && loopOf(middle.id).includes(r));
}

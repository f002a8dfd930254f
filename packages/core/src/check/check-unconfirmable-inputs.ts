/**
 * unconfirmable-input: a confirmed write taking an input from the output of another write in the same
 * region. The card is built before either runs, so it could not show that input's value. Pure.
 */
import type { CheckContext } from "./context.js";
import { gateAnalysisOf } from "./paths.js";
import { indexSkill } from "./skill-index.js";
import { analyzeValueFlow } from "./value-flow.js";
import { at } from "./words.js";

export function checkUnconfirmableInputs(ctx: CheckContext): void {
  const flow = analyzeValueFlow(ctx);
  const index = indexSkill(ctx.skill);
  for (const write of gateAnalysisOf(ctx.skill).writes) {
    const sources = flow.writeInputs.get(write.stepId) ?? {};
    for (const [param, source] of Object.entries(sources)) {
      if (source !== "output") continue;
      const producer = write.earlierInRegion
        .map((id) => index.steps.get(id))
        .find((s) => s?.kind === "do" && (index.producers.get(param) ?? []).includes(s.tool));
      if (!producer || producer.kind !== "do") continue;
      const confirm = write.confirms[write.confirms.length - 1];
      ctx.report(
        "unconfirmable-input", write.pos,
        `\`${write.tool}\` takes \`${param}\` from \`${producer.tool}\` (${at(producer.pos)}), a write under the same confirm \`${confirm.id}\`, so the card cannot show its value.`,
        `Put a second \`confirm:\` between ${at(producer.pos)} and ${at(write.pos)}, or ask \`${param}\` before the confirm at ${at(confirm.pos)}.`,
      );
    }
  }
}

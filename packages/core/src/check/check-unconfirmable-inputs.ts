/**
 * unconfirmable-input: a write that depends on the output of another write run after the confirm that
 * would cover it — it takes an input from it, or a `when` around it reads it. The card is built before
 * either runs, so it could not show that value (or whether the write runs at all). From the write-gate
 * analysis (check/paths.ts): an earlier write's output counts like an answer asked after the confirm. Pure.
 */
import { gateAnalysisOf } from "../compile/compile-skill.js";
import type { CheckContext } from "./context.js";
import { at } from "./words.js";

export function checkUnconfirmableInputs(ctx: CheckContext): void {
  for (const write of gateAnalysisOf(ctx.skill).writes) {
    const c = write.gap?.closedBy;
    if (!c || c.by !== "write") continue;
    const producer = c.field.slice(1);
    const confirm = c.confirm ? `the confirm \`${c.confirm}\` (${at(c.confirmPos!)})` : "the confirm";
    const how = c.reason.kind === "via-tool" && c.reason.tool === producer
      ? `takes \`${c.reason.param}\` from \`${producer}\` (${at(c.askPos)})`
      : c.reason.kind === "condition"
        ? `runs only as the condition at line ${c.reason.line} decides, which reads the output of \`${producer}\` (${at(c.askPos)})`
        : `depends on the output of \`${producer}\` (${at(c.askPos)})`;
    const param = c.reason.kind === "via-tool" && c.reason.tool === producer ? c.reason.param : undefined;
    const askIt = param && c.confirmPos ? `, or ask \`${param}\` before the confirm at ${at(c.confirmPos)}` : "";
    ctx.report(
      "unconfirmable-input", write.pos,
      `\`${write.tool}\` ${how}, a write that runs after ${confirm} covering it, so the card cannot show it.`,
      `Put a second \`confirm:\` between ${at(c.askPos)} and ${at(write.pos)}${askIt}.`,
    );
  }
}

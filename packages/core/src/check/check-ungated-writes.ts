/**
 * ungated-write: a write reachable on some path with no confirm region open above it. The message
 * names one such path (from the write-gate analysis, check/paths.ts). A region ended by an earlier
 * write whose output this one depends on is the rule `unconfirmable-input` instead. Pure.
 */
import { gateAnalysisOf } from "../compile/compile-skill.js";
import type { CheckContext } from "./context.js";
import { gapFix, gapReason } from "./describe-gap.js";

export function checkUngatedWrites(ctx: CheckContext): void {
  for (const write of gateAnalysisOf(ctx.skill).writes) {
    if (!write.gap || write.gap.closedBy?.by === "write") continue;
    ctx.report("ungated-write", write.pos, gapReason(write, write.gap), gapFix(write, write.gap));
  }
}

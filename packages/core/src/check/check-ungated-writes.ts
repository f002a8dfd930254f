/**
 * ungated-write: a write reachable on some path with no confirm region open above it. The message
 * names one such path (from the write-gate analysis, check/paths.ts). Pure.
 */
import type { CheckContext } from "./context.js";
import { gapFix, gapReason } from "./describe-gap.js";
import { gateAnalysisOf } from "./paths.js";

export function checkUngatedWrites(ctx: CheckContext): void {
  for (const write of gateAnalysisOf(ctx.skill).writes) {
    if (!write.gap) continue;
    ctx.report("ungated-write", write.pos, gapReason(write, write.gap), gapFix(write, write.gap));
  }
}

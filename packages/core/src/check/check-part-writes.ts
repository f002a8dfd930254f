/**
 * part-write-outside: a write written in a part (`use:`) that a confirm outside that part covers. A part
 * that writes holds its confirm, so the yes a write runs on is always one its part's author wrote; a
 * skill cannot take a part's write on a card of its own. From the coverage walks (check/coverage.ts).
 * Pure.
 */
import { coverageOf } from "../compile/compile-skill.js";
import { allSteps } from "../format/parse-steps.js";
import type { CheckContext } from "./context.js";

export function checkPartWrites(ctx: CheckContext): void {
  // The full coverage is the procedure's (flow check never needs it otherwise): asked for only when a part has a `do:`.
  if (!allSteps(ctx.skill.steps).some((s) => s.kind === "do" && s.pos.file !== undefined)) return;
  for (const write of coverageOf(ctx.skill).writeGates()) {
    const part = write.pos.file;
    if (part === undefined) continue;
    const outside = write.confirms.find((c) => c.pos.file !== part);
    if (!outside) continue;
    const where = outside.pos.file === undefined ? `the skill's line ${outside.pos.line}` : `\`${outside.pos.file}\` line ${outside.pos.line}`;
    ctx.report(
      "part-write-outside", write.pos,
      `\`do: ${write.tool}\` in this part runs on the confirm \`${outside.id}\` at ${where}, outside the part: a part's write is confirmed inside the part.`,
      `Put a \`confirm:\` for \`${write.tool}\` in this part, above it, and remove \`${outside.id}\` from the skill; or move the \`do: ${write.tool}\` out of the part, below its confirm.`,
    );
  }
}

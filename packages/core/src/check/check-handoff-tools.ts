/**
 * The hand-off tool kind, both ways. handoff-needs-handoff-tool: a `handoff:` step naming a write or a
 * lookup (a write would run with no confirm; a lookup hands nothing over). handoff-tool-in-do: a `do:`
 * naming a hand-off tool, which would run it like a write, behind a confirm, without ending the
 * conversation. Unknown tools are unknown-tool's. Pure.
 */
import type { CheckContext } from "./context.js";
import { walkSteps } from "./walk-steps.js";
import { ownValue } from "../own-value.js";

export function checkHandoffTools(ctx: CheckContext): void {
  walkSteps(ctx, (step) => {
    if (step.kind !== "do" && step.kind !== "handoff") return;
    const tool = ownValue(ctx.skill.tools, step.tool);
    if (!tool) return;
    if (step.kind === "handoff" && tool.kind !== "handoff") {
      const write = tool.kind === "write";
      const what = write ? "a write: it would change something with no confirm above it" : "a lookup: it hands nothing over";
      const instead = write ? `run it as a write, \`do: ${tool.name}\` below a \`confirm:\`` : `read it with \`do: ${tool.name}\``;
      ctx.report(
        "handoff-needs-handoff-tool", step.toolPos,
        `\`handoff: ${tool.name}\` names ${what}, and a \`handoff:\` step runs only a hand-off tool.`,
        `Define \`${tool.name}\` with \`handoff()\` in tools.ts if it passes the conversation to a person; otherwise ${instead}.`,
      );
    }
    if (step.kind === "do" && tool.kind === "handoff") {
      ctx.report(
        "handoff-tool-in-do", step.toolPos,
        `\`do: ${tool.name}\` runs a hand-off tool as if it were a write, so the conversation would go on after it.`,
        `Write \`handoff: ${tool.name}\` with \`tell:\` (the sentence the person is told), so the conversation ends there.`,
      );
    }
  });
}

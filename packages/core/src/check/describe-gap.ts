/**
 * Words for an ungated write: the path that reaches it with no confirm ("when `x > 1` is false, …")
 * and where a confirm would close the gap. Pure.
 */
import type { DependencyReason } from "./dependencies.js";
import type { GateGap, PathOutcome, WriteGate } from "./path-types.js";
import { at } from "./words.js";

/** The reason sentence: names the path, then what ended the region, if anything did. */
export function gapReason(write: WriteGate, gap: GateGap): string {
  const prefix = pathWords(gap.path, gap.omitted);
  const runs = `\`${write.tool}\` runs with no confirm above it`;
  let text = prefix ? `${prefix}, ${runs}` : `${runs} on every path`;
  const after = gap.path.find((o) => o.kind === "after-repeat");
  if (gap.closedBy) {
    const c = gap.closedBy;
    const region = c.confirm ? `the region of confirm \`${c.confirm}\` (${at(c.confirmPos!)})` : "what the confirms above cover";
    text += `: the ask for \`${c.field}\` at ${at(c.askPos)} ends ${region} for \`${write.tool}\`, ${dependencyWords(c.field, c.reason)}`;
  } else if (after?.kind === "after-repeat") {
    text += `: confirm \`${after.confirm}\` inside the loop covers only that iteration's writes`;
  } else if (gap.path.some((o) => o.kind === "until-pass")) {
    text += ": a confirm above a `repeat … until` does not cover the writes of its passes (how many passes run, and with which values, is known only as they run), so each pass must confirm its own";
  }
  return `${text}.`;
}

/** The fix sentence: where to add the confirm (or what to move). */
export function gapFix(write: WriteGate, gap: GateGap): string {
  const line = at(write.pos);
  const again = gap.path.find((o) => o.kind === "repeat-again");
  if (again) return `Put a \`confirm:\` step inside the \`repeat\` at ${at(again.pos)}, above ${line}, so each iteration confirms its own writes.`;
  const pass = gap.path.find((o) => o.kind === "until-pass");
  if (pass && !gap.closedBy) return `Put a \`confirm:\` step inside the \`repeat\` at ${at(pass.pos)}, above ${line}, so each pass confirms its own writes.`;
  if (gap.closedBy) {
    const c = gap.closedBy;
    const above = c.confirmPos ? `above the confirm at ${at(c.confirmPos)}` : "above the confirm";
    return `Move the ask at ${at(c.askPos)} ${above}, or add a \`confirm:\` step between ${at(c.askPos)} and ${line}.`;
  }
  const after = gap.path.find((o) => o.kind === "after-repeat");
  if (after) return `Add a \`confirm:\` step after the \`repeat\` at ${at(after.pos)}, above ${line}.`;
  const skipped = [...gap.path].reverse().find((o) => o.kind === "when" && !o.value);
  if (skipped) return `Add a \`confirm:\` step above ${line}, outside the \`when\` at ${at(skipped.pos)}, so this path confirms too.`;
  return `Add a \`confirm:\` step above ${line}, so the person approves \`${write.tool}\` before it runs.`;
}

/** How a write depends on a field: "which takes `nights`". */
export function dependencyWords(field: string, reason: DependencyReason): string {
  switch (reason.kind) {
    case "input": return `which takes \`${field}\``;
    case "via-tool": return `whose input \`${reason.param}\` can come from \`${reason.tool}\`, which depends on \`${field}\``;
    case "with": return reason.source === field
      ? `whose input \`${reason.param}\` is bound to \`${field}\` (its \`with:\`)`
      : `whose input \`${reason.param}\` comes from \`${reason.source}\` (its \`with:\`), which depends on \`${field}\``;
    case "condition": return `which runs only as the condition at line ${reason.line} decides, and that reads \`${field}\``;
  }
}

/** A path is named in full up to this many `when` outcomes; a longer one is cut short. */
const MAX_OUTCOMES = 4;

/** "when `a` is false and `b` is true, on a later pass of the `repeat` at line 5". */
export function pathWords(path: readonly PathOutcome[], omitted = 0): string {
  const whens = path.filter((o) => o.kind === "when").map((o) => (o.kind === "when" ? `\`${o.condition}\` is ${o.value}` : ""));
  const parts: string[] = [];
  if (whens.length + omitted > MAX_OUTCOMES) {
    parts.push(`when ${whens.slice(0, MAX_OUTCOMES - 1).join(", ")} (and ${whens.length + omitted - MAX_OUTCOMES + 1} more \`when\` outcomes on that path)`);
  } else if (whens.length > 0) parts.push(`when ${joinAnd(whens)}`);
  for (const o of path) {
    if (o.kind === "repeat-again") parts.push(`on a second pass of the \`repeat\` at ${at(o.pos)}`);
    if (o.kind === "after-repeat") parts.push(`after the \`repeat\` at ${at(o.pos)}`);
    if (o.kind === "until-pass") parts.push(`in a pass of the \`repeat … until\` at ${at(o.pos)}`);
  }
  return parts.join(", ");
}

function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

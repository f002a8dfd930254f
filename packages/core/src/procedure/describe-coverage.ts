/**
 * When a confirm covers a write on some ways only, the condition in words. It comes from the checker's
 * path analysis (check/paths.ts): `CoveringConfirm.endedBy` lists the asks and confirms that would end
 * the confirm's region had they run in between; the confirm covers the write exactly when none of them
 * ran. Each is read as "its `when`s do not all hold" ("the leave is at most 5"), "its list is empty",
 * or, where that depends on rows, "step 5.3 has not run since step 2". Pure.
 */
import { coverageOf } from "../compile/compile-skill.js";
import type { CoveredWrite } from "../check/path-types.js";
import type { Skill } from "../format/ir.js";
import type { Inline } from "./model.js";
import { emptyPhrase, inline, joinList } from "./inline.js";
import { contextAt } from "./describe-value.js";
import { describeCondition, describeValue } from "./describe-condition.js";
import type { Block, PlacedStep } from "./walk-steps.js";

/**
 * "This ask or confirm did not run": the blocks whose outcomes it names (as keys) and the words, or,
 * where no condition names it, the step itself.
 */
type NotRun = { keys: string[]; words: Inline } | { step: string };

/** Whether `ender` did not run between `confirm` and `write`, in words. */
function notRun(skill: Skill, ender: PlacedStep, confirm: PlacedStep, write: PlacedStep): NotRun {
  const fallback: NotRun = { step: ender.step.id };
  const outside = (b: Block): boolean => !confirm.ancestors.includes(b);
  // In a `repeat` around the write but not the confirm, it may have run on an earlier row.
  if (ender.ancestors.some((b) => b.kind === "repeat" && outside(b) && write.ancestors.includes(b))) return fallback;
  const blocks = ender.ancestors.filter((b) => outside(b) && !write.ancestors.includes(b));
  const loop = blocks.findIndex((b) => b.kind === "repeat");
  // Blocks inside a `repeat` decide row by row: no single condition names them.
  if (blocks.length === 0 || (loop >= 0 && loop < blocks.length - 1)) return fallback;
  const words = blocks.map((b) => {
    const ctx = contextAt(skill, ender.ancestors.slice(0, ender.ancestors.indexOf(b)));
    return b.kind === "when" ? describeCondition(b.condition, ctx, true) : emptiedList(describeValue(b.list, ctx));
  });
  return { keys: blocks.map((b) => b.id), words: joinList(words, ", ", " or ") };
}

const within = (a: readonly string[], b: readonly string[]): boolean => a.every((k) => b.includes(k));

/**
 * The condition under which `confirmId` covers `writeId`, beyond reaching both ([] when it covers it on
 * every way that runs both). An ender implied by another (a `when` inside the other's `when`) is dropped.
 */
export function coverageCondition(
  skill: Skill, byId: ReadonlyMap<string, PlacedStep>, confirmId: string, writeId: string, endedBy: readonly string[] = [],
): Inline {
  const [confirm, write] = [byId.get(confirmId)!, byId.get(writeId)!];
  const all = endedBy.map((id) => notRun(skill, byId.get(id)!, confirm, write));
  const steps = all.flatMap((a) => ("step" in a ? [[a.step]] : []));
  const named = all.flatMap((a) => ("keys" in a ? [a] : []));
  const kept = named.filter((a, i) => !named.some((b, j) => j !== i && within(b.keys, a.keys) && (b.keys.length < a.keys.length || j < i)));
  const words = kept.map((k) => k.words);
  if (steps.length === 1) words.push([`step ${steps[0]![0]} has not run since step ${confirmId}`]);
  if (steps.length > 1) words.push(inline("steps ", joinList(steps), ` have not run since step ${confirmId}`));
  const simple = kept.every((k) => k.keys.length === 1);
  return joinList(words, simple ? ", " : ", and when ", simple ? " and " : ", and when ");
}

/** The writes a confirm step covers (the checker's regions), in step order, each with its condition. */
export function coveredWrites(
  skill: Skill, byId: ReadonlyMap<string, PlacedStep>, confirmId: string,
): Array<{ write: CoveredWrite; when: Inline }> {
  return coverageOf(skill).writeGates().flatMap((write) => {
    const covering = write.confirms.find((c) => c.stepId === confirmId);
    return covering ? [{ write, when: coverageCondition(skill, byId, confirmId, write.stepId, covering.endedBy) }] : [];
  });
}

/** "the customer's orders are empty", "the list of leaves is empty". */
function emptiedList(list: Inline): Inline {
  return inline(list, emptyPhrase(list, true));
}

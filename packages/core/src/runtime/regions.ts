/**
 * Confirmation regions during a walk — the run-time side of the rule the checker proves statically
 * (check/paths.ts, check/dependencies.ts): confirms stack; an ask ends a region only for the writes that
 * depend on the field it asks; a `when` or `repeat` whose condition reads such a field counts all the
 * asks inside it; a region opened inside a `repeat` ends with its iteration. A card walk ("collect")
 * applies the same rule to what it lists, so a card lists exactly the writes its yes releases.
 * Mutates only the run.
 */
import { dependenciesOf } from "../compile/compile-skill.js";
import { dependsOnAny, type DependencySet } from "../check/dependencies.js";
import type { ConfirmStep, Step, Template } from "../format/ir.js";
import { evaluateIn } from "./eval-in-frame.js";
import type { Frame, Region, Run } from "./run-context.js";
import type { Card } from "./types.js";

export const depsOf = (run: Run, step: Step): DependencySet => dependenciesOf(run.skill).ofStep(step);

/** An answered (or, in a card walk, passed) ask: the field counts as asked for every open region. */
export function noteAsked(run: Run, field: string): void {
  if (run.collect) run.collect.asked.add(field);
  else for (const region of run.regions) region.asked.add(field);
}

/** In a card walk: true when this step (or expression) depends on something asked since the confirm. */
export function collectSkips(run: Run, deps: DependencySet): boolean {
  return run.collect !== undefined && dependsOnAny(deps, run.collect.asked);
}

/**
 * In a card walk: evaluates the holes of a template that do not depend on an answer asked since the
 * confirm, for the lookups they read (a run renders the text, and those lookups bind later inputs).
 */
export function readHoles(run: Run, template: Template, frame: Frame): void {
  const deps = dependenciesOf(run.skill);
  for (const part of template.parts) {
    if (typeof part !== "string" && !collectSkips(run, deps.ofExpr(part))) evaluateIn(run, part, frame);
  }
}

/** The innermost `repeat` frame on the stack and its current row. */
export function loopOf(frames: readonly Frame[]): { frame: Frame; row: number } | undefined {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i]!;
    if (frame.loop) return { frame, row: frame.loop.row };
  }
  return undefined;
}

/** A confirm passed with a current yes: its region opens. */
export function openRegion(run: Run, step: ConfirmStep, key: string, card: Card, frames: readonly Frame[]): void {
  const loop = loopOf(frames);
  const region: Region = { key, stepId: step.id, card, asked: new Set(), ...(step.by ? { by: step.by } : {}), ...(loop ? { loop } : {}) };
  run.regions.push(region);
}

/** The end of an iteration of `frame` in the run: the regions opened in it end. */
export function endRegionsOf(run: Run, frame: Frame): void {
  if (run.regions.some((r) => r.loop?.frame === frame)) run.regions = run.regions.filter((r) => r.loop?.frame !== frame);
}

/** The open regions that cover a write step (those not ended for it by an ask). */
export function regionsCovering(run: Run, step: Step): Region[] {
  const deps = depsOf(run, step);
  return run.regions.filter((r) => !dependsOnAny(deps, r.asked));
}

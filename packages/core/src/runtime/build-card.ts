/**
 * Building a confirmation card: walk ahead of the confirm along the path the flow would take (same
 * frames, same conditions, lookups run as needed) to the end of its region — the end of the steps, or
 * of its iteration inside a `repeat` — and list every write its yes would release, with the exact inputs
 * it would receive. Later confirms do not stop the walk (confirms stack); an ask does not stop it either,
 * but the writes that depend on the field it asks are not listed (regions.ts). The digest covers
 * everything the card shows: the question as rendered, the widget, and the writes with their inputs and
 * their words (which may show more than the inputs: a flight's airline and time).
 */
import type { ConfirmStep } from "../format/ir.js";
import type { Digester } from "./digest.js";
import { renderShown } from "./eval-in-frame.js";
import { loopOf } from "./regions.js";
import { Halt, type Frame, type Run } from "./run-context.js";
import type { Card } from "./types.js";
import { frameOf, walkToStop } from "./walk.js";
import { CARD } from "./exec-card.js";

/** The card of `step` at this point of the walk (`frames` is the live stack; it is not changed). */
export function buildCard(run: Run, step: ConfirmStep, frame: Frame, frames: Frame[]): Card {
  const question = renderShown(run, step.question, frame);
  const writes = collectRegion(run, frames);
  const digest = cardDigest(run.digest, question, step.widget, writes);
  return { confirm: step.confirm, question, ...(step.widget ? { widget: step.widget } : {}), writes, digest };
}

/** The digest of what a card shows. */
export function cardDigest(digest: Digester, question: string, widget: string | undefined, writes: Card["writes"]): string {
  return digest(["card", question, widget ?? null, writes.map((w) => [w.tool, w.instance, w.inputs, w.words])]);
}

/**
 * The card walk runs on a sub-run of its own (the card executor, its own outputs and list, a copy of the
 * frames) sharing the run's state, effects and trace: a lookup it needs is requested on the run, and
 * a stop other than the end of its region (a call, an error) stops the run too.
 */
function collectRegion(run: Run, frames: Frame[]): Card["writes"] {
  const ahead = frames.map((f) => {
    const copy = frameOf(f.steps, f.scope, f.vars, f.varTypes, f.loop && { ...f.loop });
    copy.i = f.i;
    return copy;
  });
  const live = loopOf(frames);
  const loop = live ? { frame: ahead[frames.indexOf(live.frame)]!, row: live.row } : undefined;
  const card: Run = {
    ...run, exec: CARD, outputs: new Map(run.outputs), collected: [], regions: [],
    // The passes a card walks ahead through are not passes the run has ended (until-passes.ts).
    passOutputs: new Map(run.passOutputs ?? []),
    collect: { asked: new Set(), ...(loop ? { loop } : {}) },
  };
  const stop = walkToStop(card, ahead);
  if (stop !== "end" && stop !== "region_end") throw new Halt(stop);
  return card.collected;
}

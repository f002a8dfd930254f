/**
 * Building a confirmation card: walk ahead of the confirm along the path the flow would take (same
 * frames, same conditions, lookups run as needed) and list every write met before the next `ask` or
 * `confirm`, with the exact inputs it would receive. The digest covers that list and nothing else.
 */
import type { ConfirmStep } from "../format/ir.js";
import { digestOf } from "./digest.js";
import { renderIn } from "./eval-in-frame.js";
import { Halt, type Frame, type Run } from "./run-context.js";
import type { Card } from "./types.js";
import { walk } from "./walk.js";

/** The card of `step` at this point of the walk (`frames` is the live stack; it is not changed). */
export function buildCard(run: Run, step: ConfirmStep, frame: Frame, frames: Frame[]): Card {
  const question = renderIn(run, step.question, frame);
  const writes = collectRegion(run, frames);
  const digest = digestOf(writes.map((w) => [w.tool, w.instance, w.inputs]));
  return { confirm: step.confirm, question, widget: step.widget, writes, digest };
}

function collectRegion(run: Run, frames: Frame[]): Card["writes"] {
  const ahead = frames.map((f) => ({ ...f, loop: f.loop && { ...f.loop } }));
  const saved = { mode: run.mode, outputs: run.outputs, collected: run.collected };
  run.mode = "collect";
  run.outputs = new Map(run.outputs);
  run.collected = [];
  try {
    walk(run, ahead);
  } catch (halt) {
    if (!(halt instanceof Halt) || halt.reason !== "region_end") throw halt;
  }
  const writes = run.collected;
  Object.assign(run, saved);
  return writes;
}

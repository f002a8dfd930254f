/**
 * The card walk's executor: walking ahead of a confirm, it lists every write the confirm's yes would
 * release with the exact inputs it would receive. It passes later confirms (confirms stack) and asks,
 * answered or not (their fields then count as asked since the confirm, regions.ts), and passes over every
 * step that depends on one of them, or on the output of a write it listed. Texts are not shown; their
 * holes are read for the lookups they run, as in the run. Its region ends with the confirm's iteration.
 */
import type { DoStep, ToolInfo } from "../format/ir.js";
import { writeField } from "../check/dependencies.js";
import { ensureLookup } from "./bind-inputs.js";
import { stepInputs } from "./bind-step-inputs.js";
import { evaluateIn } from "./eval-in-frame.js";
import { collectSkips, depsOf, noteAsked, readHoles } from "./regions.js";
import { passInCard } from "./run-ask.js";
import { passEnd } from "./run-end.js";
import { Halt, type Frame, type Run } from "./run-context.js";
import { passDone, pinnedEntry } from "./run-do.js";
import type { StepExecutor } from "./step-executor.js";
import { ownValue } from "../own-value.js";
import { cardLine } from "./card-line.js";

export const CARD: StepExecutor = {
  say: (run, step, frame) => readHoles(run, step.text, frame),
  chat: () => {},
  ask: passInCard,
  confirm: (run, step, frame) => readHoles(run, step.question, frame),
  // A decision made after the confirm cannot be on its card: what depends on it is passed over.
  decide: (run, step, frame) => {
    readHoles(run, step.question, frame);
    noteAsked(run, step.decide);
  },
  lookup(run, step, tool, frame, instance) {
    if (!collectSkips(run, depsOf(run, step))) ensureLookup(run, tool, frame, instance, evaluateIn);
  },
  write: listWrite,
  // Nothing runs after a hand-off, so a card lists nothing past it: its region ends there.
  handoff: () => {
    throw new Halt("region_end");
  },
  end: passEnd,
  passesOver: (run, block) => collectSkips(run, depsOf(run, block)),
  endIteration(run, frame) {
    if (run.collect!.loop?.frame === frame) throw new Halt("region_end");
  },
  // A card lists what a yes would release; a failing check after a loop stops the run before those writes.
  loopEnded: () => {},
  goesOnAfterError: () => false,
  trace: () => {},
};

/**
 * A write on the card: a completed one with the inputs it ran with (finishing it does not change the
 * card), one in doubt with the inputs it was sent with, any other with the inputs it would receive now.
 * One that depends on an answer given after the confirm is not listed. Either way its output is unknown
 * to the card from here on.
 */
function listWrite(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void {
  const entry = ownValue(run.state.ledger, instance);
  if (collectSkips(run, depsOf(run, step))) return noteAsked(run, writeField(tool.name));
  if (entry?.status === "done") {
    run.collected.push(cardLine(run, step, tool, frame, instance, entry.inputs));
    return passDone(run, tool, entry);
  }
  const pinned = pinnedEntry(run, instance);
  run.collected.push(cardLine(run, step, tool, frame, instance, pinned ? pinned.inputs : stepInputs(run, step, tool, frame, true)));
  noteAsked(run, writeField(tool.name));
}

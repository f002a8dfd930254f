/**
 * The verify walk's executor (try-change.ts): after a change, every step is walked over a throwaway
 * copy — no question, card or approval stops it, no text is shown, no write runs — and each completed
 * write (or write in doubt) is compared with the inputs it would receive now. Texts and questions are
 * rendered only for the lookups they read (inputs bind by name from the tools met, so the walk must meet
 * the ones a run meets). A step it cannot evaluate is passed over; a failed lookup ends it.
 */
import type { DoStep, HandoffStep, ToolInfo } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { compareCompleted } from "./compare-completed.js";
import { renderIn } from "./eval-in-frame.js";
import { verifyAnswer } from "./run-ask.js";
import { passEnd } from "./run-end.js";
import { Halt, type Frame, type Run } from "./run-context.js";
import { passDone, runLookup } from "./run-do.js";
import type { StepExecutor } from "./step-executor.js";
import { ownValue } from "../own-value.js";

export const VERIFY: StepExecutor = {
  say: (run, step, frame) => void renderIn(run, step.text, frame),
  chat: () => {},
  ask: verifyAnswer,
  confirm: (run, step, frame) => void renderIn(run, step.question, frame),
  decide: (run, step, frame) => void renderIn(run, step.question, frame),
  lookup: runLookup,
  write: compareWrite,
  handoff: compareHandoff,
  end: passEnd,
  passesOver: () => false,
  endIteration: () => {},
  // A changed answer is compared with the completed writes; a failing check holds back only the writes to come.
  loopEnded: () => {},
  goesOnAfterError: (run) => run.verify?.failure === undefined,
  trace: () => {},
};

function compareWrite(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void {
  const entry = ownValue(run.state.ledger, instance);
  if (entry?.status === "done") {
    compareCompleted(run, step, tool, frame, entry);
    passDone(run, tool, entry);
  } else if (entry?.status === "doubt") {
    compareCompleted(run, step, tool, frame, entry);
  }
}

/**
 * Terminal: no write runs after it, so none is left to compare. A hand-off in doubt (it may have handed
 * the conversation over) is compared like a write in doubt: it is only ever re-sent with its inputs.
 */
function compareHandoff(run: Run, step: HandoffStep, frame: Frame): never {
  const tool = ownValue(run.skill.tools, step.tool);
  const entry = ownValue(run.state.ledger, answerKey(step.id, frame.scope));
  if (tool && entry?.status === "doubt") compareCompleted(run, step, tool, frame, entry);
  throw new Halt("region_end");
}

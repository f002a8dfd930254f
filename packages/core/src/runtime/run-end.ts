/**
 * The `end` step: the conversation ends here with a named outcome and a status. The first time the
 * replay reaches it, `tell:` is said and the state records the outcome; the walk stops for good
 * (`Halt("ended")`): the step is terminal. Every later person event is answered with `ENDED` and
 * applies nothing (`answerClosed`, as after a hand-off). Mutates only the run.
 */
import type { EndStep } from "../format/ir.js";
import { renderShown } from "./eval-in-frame.js";
import { emit, Halt, record, traceStep, type Frame, type Run } from "./run-context.js";

/** What every person event after an `end` is answered with. */
export const ENDED = "This conversation has ended, so nothing more is done in it. Start a new conversation for anything else.";

/** The run reached an `end`: said and recorded once, and nothing after it runs. */
export function runEnd(run: Run, step: EndStep, frame: Frame): never {
  if (!run.state.ended) {
    const text = renderShown(run, step.tell, frame);
    run.state.ended = { outcome: step.outcome, status: step.status, step: step.id, turn: run.state.turn };
    emit(run, { type: "say", text });
    record(run, { type: "said", text });
    record(run, { type: "ended", outcome: step.outcome, status: step.status, step: step.id });
  }
  traceStep(run, step, frame, `ended: ${step.outcome}`);
  throw new Halt("ended");
}

/** The card and verify walks: nothing runs after an `end`, so their region ends there. */
export function passEnd(): never {
  throw new Halt("region_end");
}

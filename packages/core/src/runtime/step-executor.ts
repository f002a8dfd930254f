/**
 * What a walk does at each kind of step. There are three walks over the same steps, each with its own
 * executor: the run (exec-run.ts: asks, shows cards, runs writes), the card walk ahead of a confirm
 * (exec-card.ts: lists what its yes would release), and the check of a change against the writes already
 * done (exec-verify.ts: compares their inputs). The walk (walk.ts) is the same for all three.
 */
import type { AskStep, ChatStep, ConfirmStep, DecideStep, DoStep, EndStep, HandoffStep, RepeatStep, SayStep, Step, ToolInfo } from "../format/ir.js";
import type { Frame, Run } from "./run-context.js";

export interface StepExecutor {
  say(run: Run, step: SayStep, frame: Frame): void;
  chat(run: Run, step: ChatStep, frame: Frame): void;
  ask(run: Run, step: AskStep, frame: Frame): void;
  confirm(run: Run, step: ConfirmStep, frame: Frame, frames: Frame[]): void;
  /** A `decide` step: the run shows its question or waits for its role; a card or verify walk reads it like an ask. */
  decide(run: Run, step: DecideStep, frame: Frame): void;
  lookup(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void;
  write(run: Run, step: DoStep, tool: ToolInfo, frame: Frame, instance: string): void;
  /** A `handoff` step: terminal (the run hands over; the card and verify walks stop there). */
  handoff(run: Run, step: HandoffStep, frame: Frame): void;
  /** An `end` step: terminal (the run ends the conversation; the card and verify walks stop there). */
  end(run: Run, step: EndStep, frame: Frame): void;
  /** True to pass over a `when`/`repeat`/`switch` without evaluating it. */
  passesOver(run: Run, block: Extract<Step, { kind: "when" | "repeat" | "switch" }>): boolean;
  /** An iteration of a loop frame ends. */
  endIteration(run: Run, frame: Frame): void;
  /** A `repeat` with `check:` ran its last pass over `rows`; `frame` is where the repeat is. */
  loopEnded(run: Run, step: RepeatStep, frame: Frame, rows: readonly unknown[]): void;
  /** A step stopped with an error: true to go on with the next one (the verify walk passes over it). */
  goesOnAfterError(run: Run): boolean;
  /** Records that a step was evaluated (only the run traces its steps). */
  trace(run: Run, step: Step, frame: Frame, outcome: string, digest?: string): void;
}

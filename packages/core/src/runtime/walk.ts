/**
 * The walk: runs the steps from the first with everything known, over an explicit stack of frames, until
 * a step needs a person or a tool, or the steps run out. What happens at each step is the executor's
 * (`run.exec`: the run, a card walk, or a verify walk); `when`, `switch`, `repeat` and `do` dispatch are shared.
 * Mutates only the run.
 */
import type { RepeatStep, Step, SwitchStep } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { rowKeyOf, rowScope } from "./answer-keys.js";
import { keepPass, passSegment, startPass } from "./until-passes.js";
import { evaluateIn } from "./eval-in-frame.js";
import { runDo } from "./run-do.js";
import { fail, Halt, traceStep, type Frame, type Run } from "./run-context.js";

/** The frame a replay starts from: the skill's top-level steps. */
export function rootFrame(steps: Step[]): Frame {
  return frameOf(steps, "", {}, {}, undefined);
}

/** A frame at the first of `steps`. Every frame is made here, so all have one shape (the walk reads them on every step). */
export function frameOf(steps: Step[], scope: string, vars: Frame["vars"], varTypes: Frame["varTypes"], loop: Frame["loop"]): Frame {
  return { steps, i: 0, scope, vars, varTypes, loop };
}

/** Why a walk stopped: a person is needed, a tool must run, an error was reported, the card's region or the check ended, or the steps ran out. */
export type Stop = Halt["reason"] | "end";

/**
 * Walks until the stack is empty or a step stops it, and says why. The one place a stop thrown deep
 * inside a step (a lookup that must run, a question) is caught. Mutates only the run.
 */
export function walkToStop(run: Run, frames: Frame[]): Stop {
  try {
    walk(run, frames);
    return "end";
  } catch (halt) {
    if (halt instanceof Halt) return halt.reason;
    throw halt;
  }
}

function walk(run: Run, frames: Frame[]): void {
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    if (frame.i >= frame.steps.length) {
      if (frame.loop) run.exec.endIteration(run, frame);
      if (frame.loop?.step.until) {
        endPass(run, frame, frames);
        continue;
      }
      if (nextRow(frame)) continue;
      frames.pop();
      // Every pass has run to its end: a repeat's `check:` holds back the steps after it.
      if (frame.loop?.step.checks) run.exec.loopEnded(run, frame.loop.step, frames[frames.length - 1]!, frame.loop.rows);
      continue;
    }
    const step = frame.steps[frame.i++]!;
    try {
      runStep(run, step, frame, frames);
    } catch (halt) {
      // A verify walk passes over a step it cannot evaluate (a value no longer known), to reach the
      // completed writes after it.
      if (!(halt instanceof Halt) || halt.reason !== "error" || !run.exec.goesOnAfterError(run)) throw halt;
    }
  }
}

function runStep(run: Run, step: Step, frame: Frame, frames: Frame[]): void {
  const exec = run.exec;
  switch (step.kind) {
    case "say": return exec.say(run, step, frame);
    case "chat": return exec.chat(run, step, frame);
    case "when": return runWhen(run, step, frame, frames);
    case "repeat": return runRepeat(run, step, frame, frames);
    case "switch": return runSwitch(run, step, frame, frames);
    case "ask": return exec.ask(run, step, frame);
    case "confirm": return exec.confirm(run, step, frame, frames);
    case "decide": return exec.decide(run, step, frame);
    case "do": return runDo(run, step, frame);
    case "handoff": return exec.handoff(run, step, frame);
    case "end": return exec.end(run, step, frame);
  }
}

function runWhen(run: Run, step: Extract<Step, { kind: "when" }>, frame: Frame, frames: Frame[]): void {
  if (run.exec.passesOver(run, step)) return;
  const result = evaluateIn(run, step.condition, frame);
  if (!result.ok) fail(run, `Cannot decide \`${step.condition.source}\` (step ${step.id}): ${result.error}`);
  const on = result.value === true;
  traceStep(run, step, frame, on ? "true" : "false");
  if (on) frames.push(frameOf(step.steps, frame.scope, frame.vars, frame.varTypes, undefined));
}

/**
 * Exactly one way of a switch: the case named by its value (for a `when … else`, `true` or the else), or
 * `else:`; none when no case names it and there is no `else:` (the checker refuses such a switch when
 * its possible values are known).
 */
function runSwitch(run: Run, step: SwitchStep, frame: Frame, frames: Frame[]): void {
  if (run.exec.passesOver(run, step)) return;
  const result = evaluateIn(run, step.on, frame);
  if (!result.ok) fail(run, `Cannot decide \`${step.on.source}\` (step ${step.id}): ${result.error}`);
  const key = step.written === "when" ? String(result.value === true) : caseKeyOf(result.value);
  const branch = step.branches.find((b) => b.value === key) ?? step.branches.find((b) => b.value === undefined);
  traceStep(run, step, frame, branch ? (branch.value ?? "else") : "none");
  if (branch) frames.push(frameOf(branch.steps, frame.scope, frame.vars, frame.varTypes, undefined));
}

/** The case key a value names: text as it is, a number or yes/no as written; nothing else names a case. */
function caseKeyOf(value: unknown): string | undefined {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
}

function runRepeat(run: Run, step: RepeatStep, frame: Frame, frames: Frame[]): void {
  if (run.exec.passesOver(run, step)) return;
  const result = evaluateIn(run, step.list, frame);
  if (!result.ok) fail(run, `Cannot get the list \`${step.list.source}\` (step ${step.id}): ${result.error}`);
  if (!Array.isArray(result.value)) fail(run, `\`${step.list.source}\` (step ${step.id}) is not a list.`);
  const rows = result.value;
  // Rows are keyed by id: two with one id would share their answers, confirmation and writes.
  const keys = rows.map(rowKeyOf);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) fail(run, `\`${step.list.source}\` (step ${step.id}) has two rows with the id ${twice}: each row needs an id of its own, or their answers, confirmations and writes would be mixed up.`);
  traceStep(run, step, frame, step.until ? "pass 1" : `${rows.length} rows`);
  if (rows.length === 0) return run.exec.loopEnded(run, step, frame, rows);
  const listType = run.exprs.valueType(step.list, { loopVars: frame.varTypes });
  const itemType: ValueType = listType?.t === "list" ? listType.of : { t: "dyn" };
  const varTypes = { ...frame.varTypes, [step.item]: itemType };
  const outer = { vars: frame.vars, varTypes: frame.varTypes };
  const body = frameOf(step.steps, frame.scope, frame.vars, varTypes, { step, rows, row: -1, parentScope: frame.scope, outer });
  nextRow(body);
  if (step.until) startPass(run, step);
  frames.push(body);
}

/**
 * The end of a pass of a `repeat … until`: the pass is kept (its tools, for its record), then its
 * condition is evaluated with the pass's values. True ends the loop; false starts the next pass, or,
 * after the last allowed one, runs the `exhausted:` steps (in the scope around the loop).
 */
function endPass(run: Run, frame: Frame, frames: Frame[]): void {
  const loop = frame.loop!;
  const step = loop.step;
  const until = step.until!;
  keepPass(run, frame);
  const pass = loop.row + 1;
  const result = evaluateIn(run, until.condition, frame);
  // A verify walk goes on to the next pass (to reach the completed writes of every pass that ran).
  if (!result.ok && !run.exec.goesOnAfterError(run)) fail(run, `Cannot decide \`${until.condition.source}\` at the end of pass ${pass} (step ${step.id}): ${result.error}`);
  const done = result.ok && result.value === true;
  frames.pop();
  const around = { ...frame, vars: loop.outer?.vars ?? frame.vars, varTypes: loop.outer?.varTypes ?? frame.varTypes, scope: loop.parentScope, loop: undefined };
  if (done) return traceStep(run, step, around, `until held after pass ${pass}`);
  if (nextRow(frame)) {
    startPass(run, step);
    frames.push(frame);
    return traceStep(run, step, around, `pass ${pass + 1}`);
  }
  traceStep(run, step, around, `exhausted after pass ${pass}`);
  if (until.exhausted) frames.push(frameOf(until.exhausted, loop.parentScope, around.vars, around.varTypes, undefined));
}

/** Moves a loop frame to its next row; false when the frame is not a loop or has no rows left. */
function nextRow(frame: Frame): boolean {
  const loop = frame.loop;
  if (!loop || loop.row + 1 >= loop.rows.length) return false;
  loop.row += 1;
  const row = loop.rows[loop.row];
  frame.i = 0;
  frame.scope = loop.step.until ? joinScope(loop.parentScope, passSegment(loop.step.id, loop.row + 1)) : rowScope(loop.parentScope, loop.step.id, row, loop.row);
  frame.vars = { ...frame.vars, [loop.step.item]: row };
  return true;
}

function joinScope(parent: string, segment: string): string {
  return parent ? `${parent}/${segment}` : segment;
}

/**
 * The replay walk: runs the steps from the first with everything known, over an explicit stack of
 * frames, until a step needs a person or a tool (a `Halt`), or the steps run out. Mutates only the run.
 */
import type { RepeatStep, Step } from "../format/ir.js";
import type { ValueType } from "../tools/value-type.js";
import { answerKey, rowKeyOf, rowScope } from "./answer-keys.js";
import { LEGACY_SAID } from "./compact-state.js";
import { evaluateIn, renderIn } from "./eval-in-frame.js";
import { runAsk } from "./run-ask.js";
import { runConfirm } from "./run-confirm.js";
import { runDo } from "./run-do.js";
import { emit, fail, Halt, record, traceStep, type Frame, type Run } from "./run-context.js";
import { collectSkips, depsOf, leaveIteration, readHoles } from "./regions.js";

/** The frame a replay starts from: the skill's top-level steps. */
export function rootFrame(steps: Step[]): Frame {
  return { steps, i: 0, scope: "", vars: {}, varTypes: {} };
}

/** Walks until the stack is empty; throws `Halt` when it must stop early. */
export function walk(run: Run, frames: Frame[]): void {
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.i >= frame.steps.length) {
      if (frame.loop) leaveIteration(run, frame);
      if (!nextRow(frame)) frames.pop();
      continue;
    }
    const step = frame.steps[frame.i++];
    if (run.mode === "verify") verifyStep(run, step, frame, frames);
    else runStep(run, step, frame, frames);
  }
}

/**
 * In a "verify" walk a step that cannot be evaluated (a value no longer known) is passed over, so the
 * walk still reaches the completed writes after it; a failed lookup or the call cap ends the walk.
 */
function verifyStep(run: Run, step: Step, frame: Frame, frames: Frame[]): void {
  try {
    runStep(run, step, frame, frames);
  } catch (halt) {
    if (!(halt instanceof Halt) || halt.reason !== "error" || run.verify?.failure !== undefined) throw halt;
  }
}

function runStep(run: Run, step: Step, frame: Frame, frames: Frame[]): void {
  switch (step.kind) {
    case "say": return runSay(run, step, frame);
    case "chat":
      if (run.mode === "run") run.chats.push(step.instructions);
      return traceStep(run, step, frame, "passed");
    case "when": return runWhen(run, step, frame, frames);
    case "repeat": return runRepeat(run, step, frame, frames);
    case "ask": return runAsk(run, step, frame);
    case "confirm": return runConfirm(run, step, frame, frames);
    case "do": return runDo(run, step, frame);
  }
}

/** Shows the text unless this say instance's last shown text is the same (`said`, keyed by instance). */
function runSay(run: Run, step: Extract<Step, { kind: "say" }>, frame: Frame): void {
  // A card walk reads the holes it can for the lookups they run (they bind later inputs, as in a run).
  if (run.mode === "collect") return readHoles(run, step.text, frame);
  const text = renderIn(run, step.text, frame);
  // A "verify" walk renders the text only for the lookups it reads.
  if (run.mode === "verify") return;
  const instance = answerKey(step.id, frame.scope);
  const digest = run.digest(["say", text]);
  const said = run.state.said;
  const shown = said[instance] === digest || said[`${LEGACY_SAID}${digest}`] === digest;
  said[instance] = digest;
  if (shown) return traceStep(run, step, frame, "already said");
  emit(run, { type: "say", text });
  record(run, { type: "said", text });
  traceStep(run, step, frame, "said");
}

function runWhen(run: Run, step: Extract<Step, { kind: "when" }>, frame: Frame, frames: Frame[]): void {
  if (collectSkips(run, depsOf(run, step))) return;
  const result = evaluateIn(run, step.condition, frame);
  if (!result.ok) fail(run, `Cannot decide \`${step.condition.source}\` (step ${step.id}): ${result.error}`);
  const on = result.value === true;
  traceStep(run, step, frame, on ? "true" : "false");
  if (on) frames.push({ ...frame, steps: step.steps, i: 0, loop: undefined });
}

function runRepeat(run: Run, step: RepeatStep, frame: Frame, frames: Frame[]): void {
  if (collectSkips(run, depsOf(run, step))) return;
  const result = evaluateIn(run, step.list, frame);
  if (!result.ok) fail(run, `Cannot get the list \`${step.list.source}\` (step ${step.id}): ${result.error}`);
  if (!Array.isArray(result.value)) fail(run, `\`${step.list.source}\` (step ${step.id}) is not a list.`);
  const rows = result.value;
  // Rows are keyed by id: two with one id would share their answers, confirmation and writes.
  const keys = rows.map(rowKeyOf);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice !== undefined) fail(run, `\`${step.list.source}\` (step ${step.id}) has two rows with the id ${twice}: each row needs an id of its own, or their answers, confirmations and writes would be mixed up.`);
  traceStep(run, step, frame, `${rows.length} rows`);
  if (rows.length === 0) return;
  const listType = run.exprs.valueType(step.list, { loopVars: frame.varTypes });
  const itemType: ValueType = listType?.t === "list" ? listType.of : { t: "dyn" };
  const body: Frame = {
    steps: step.steps, i: 0, scope: frame.scope, vars: frame.vars,
    varTypes: { ...frame.varTypes, [step.item]: itemType },
    loop: { step, rows, row: -1, parentScope: frame.scope },
  };
  nextRow(body);
  frames.push(body);
}

/** Moves a loop frame to its next row; false when the frame is not a loop or has no rows left. */
function nextRow(frame: Frame): boolean {
  const loop = frame.loop;
  if (!loop || loop.row + 1 >= loop.rows.length) return false;
  loop.row += 1;
  const row = loop.rows[loop.row];
  frame.i = 0;
  frame.scope = rowScope(loop.parentScope, loop.step.id, row, loop.row);
  frame.vars = { ...frame.vars, [loop.step.item]: row };
  return true;
}

/**
 * A `repeat`'s `check:` (with `as:`): evaluated once the last pass has run to its end — every pass
 * answered — and before any step after the loop. Each condition reads the gathered passes; a false one
 * stops the walk at a pick of the pass to change: the question is the check's message (its holes
 * rendered like a question's) and "Which one do you want to change?", and the rows are the loop's
 * elements, each with the answers its pass gave, so the grid reads in words (a click, or typed row words
 * read with no model, `read-typed-answer.ts`). The pick clears that pass (`clear-pass.ts`), whose
 * questions are asked again; the check then runs again. A loop with no element has no pass to change: a
 * false check there stops the run with its message. The run's walk only (card and verify walks pass).
 */
import type { RepeatStep } from "../format/ir.js";
import { answerKey, rowKeyOf, rowScope } from "./answer-keys.js";
import { evaluateIn, renderShown } from "./eval-in-frame.js";
import { emit, fail, Halt, traceStep, type Frame, type Run } from "./run-context.js";
import { ownValue } from "../own-value.js";

/** Said after a failing check's message, above the loop's elements. */
export const WHICH_PASS = "Which one do you want to change?";

/** Said after a failing check's message when the loop had no element to change. */
export const NO_PASS = "There is nothing in the list to change, so nothing after it can run until the list changes.";

/** Runs the repeat's checks in `frame` (where the repeat is) after its passes over `rows`. */
export function runPassChecks(run: Run, step: RepeatStep, frame: Frame, rows: readonly unknown[]): void {
  for (const check of step.checks ?? []) {
    const result = evaluateIn(run, check.condition, frame);
    if (result.ok && result.value === true) continue;
    const message = renderShown(run, check.text, frame);
    traceStep(run, step, frame, "check failed");
    if (rows.length === 0) fail(run, `${message} ${NO_PASS}`);
    askWhichPass(run, step, frame, rows, message);
  }
  if (step.checks?.length) traceStep(run, step, frame, "checks hold");
}

function askWhichPass(run: Run, step: RepeatStep, frame: Frame, rows: readonly unknown[], message: string): never {
  const name = step.gather!.name;
  const ids = passIds(rows);
  const passes = Object.fromEntries(rows.map((row, i) => [ids[i]!, rowScope(frame.scope, step.id, row, i)]));
  const shown = rows.map((row, i) => passRow(run, step, row, ids[i]!, passes[ids[i]!]!));
  run.state.pending = { kind: "ask", field: name, answerKey: answerKey(name, frame.scope), stepId: step.id, secret: false, pick: true, passes };
  emit(run, { type: "ask", field: name, question: `${message} ${WHICH_PASS}`, widget: { name: "list", kind: "grid", rows: shown, field: name }, secret: false });
  throw new Halt("person");
}

/**
 * The id each pass is picked by: a row's `id` (as its scope is keyed), or a plain element as written
 * (`"visa"`); when two plain elements are written alike, every pass is picked by its place (1, 2, …).
 */
export function passIds(rows: readonly unknown[]): string[] {
  const ids = rows.map((row, i) => (typeof row === "object" && row !== null ? rowKeyOf(row, i) : String(row)));
  return new Set(ids).size === ids.length ? ids : rows.map((_, i) => String(i + 1));
}

/** A pass as a grid row: its id, the element's plain values (or the element under the loop's name), and the pass's answers (secrets left out). */
export function passRow(run: Run, step: RepeatStep, row: unknown, id: string, scope: string): Record<string, unknown> {
  const shown: Record<string, unknown> = { id };
  if (typeof row === "object" && row !== null) {
    for (const [key, value] of Object.entries(row)) if (isPlain(value)) shown[key] = value;
  } else shown[step.item] = row;
  for (const field of askedIn(step.steps)) {
    const answer = ownValue(run.state.answers, answerKey(field, scope));
    if (answer && !ownValue(run.skill.fields, field)?.secret && isPlain(answer.value)) shown[field] = answer.value;
  }
  return shown;
}

const isPlain = (value: unknown) => typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/** The fields asked directly in a pass (inside `when`s too, not in nested repeats), in order. */
function askedIn(steps: RepeatStep["steps"]): string[] {
  return steps.flatMap((s) => (s.kind === "ask" ? [s.field] : s.kind === "when" ? askedIn(s.steps) : []));
}

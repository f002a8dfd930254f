/**
 * The `ask` step. With a valid answer the walk goes on (the field counts as asked for every open
 * confirmation region: it ends them for the writes that depend on it); without one it stops at the
 * question. A card walk passes it, answered or not, for the writes that do not depend on it. Dynamic checks run here, every replay: a pick must be a row `id` of the
 * current list (with `many: true`, every id picked), a `lookup:` field must be known to its lookup, and every `check:` must hold. A failing
 * answer is cleared, refused with the file's message (or a default), and the question is asked again.
 * A field with `default:` takes its default first when it has no other answer (follow-default.ts); a
 * default that fails a check is cleared and the question asked, with no refusal.
 */
import { dependenciesOf } from "../compile/compile-skill.js";
import type { AskStep, FieldDecl } from "../format/ir.js";
import { answerKey } from "./answer-keys.js";
import { evaluateIn, renderShown } from "./eval-in-frame.js";
import { ensureLookup } from "./bind-inputs.js";
import { refuseKeptChange, withdrawKept } from "./kept-offers.js";
import { refuse, setAnswer } from "./propose-value.js";
import { emit, fail, Halt, traceStep, type Frame, type Run } from "./run-context.js";
import { fieldDecl } from "./skill-index.js";
import { defaultMessage, validateValue } from "./validate-value.js";
import type { WidgetView } from "./types.js";
import { ownValue } from "../own-value.js";
import { collectSkips, noteAsked } from "./regions.js";
import { followDefault } from "./follow-default.js";

/** The run's ask step; stops the walk at the question when it has no valid answer. */
export function runAsk(run: Run, step: AskStep, frame: Frame): void {
  const key = answerKey(step.field, frame.scope);
  const field = fieldOf(run, step);
  noteOffer(run, step, field, key);
  followDefault(run, step, field, key, frame);
  const answer = ownValue(run.state.answers, key);
  if (answer) {
    const refusal = dynamicRefusal(run, step, field, answer.value, frame);
    const kept = run.state.kept?.includes(key) === true;
    // A default that fails a check is not the person's answer to refuse: the question is asked plainly.
    if (refusal !== undefined && answer.by === "default") {
      delete run.state.answers[key];
      return askHere(run, step, field, key, frame);
    }
    if (refusal === undefined) {
      if (kept) refuseKeptChange(run, step.field, key, answer.value);
      noteAsked(run, step.field);
      return traceStep(run, step, frame, "answered");
    }
    if (kept) return withdrawKept(run, step.field, key, answer.value, refusal) ? runAsk(run, step, frame) : askHere(run, step, field, key, frame);
    delete run.state.answers[key];
    if (field.secret) rememberRefusedSecret(run, answer.value);
    refuse(run, step.field, refusal);
  }
  askHere(run, step, field, key, frame);
}

/**
 * A secret volunteered before it was asked is never used unseen: its question is asked as always, with a
 * line saying that what was typed earlier is not used, and the person types it here. The value typed
 * earlier stays masked (kept with the refused secrets).
 */
function noteOffer(run: Run, step: AskStep, field: FieldDecl, key: string): void {
  const offer = field.secret ? ownValue(run.state.offers ?? {}, step.field) : undefined;
  if (offer === undefined || Object.hasOwn(run.state.answers, key)) return;
  const { [step.field]: _, ...rest } = run.state.offers!;
  run.state.offers = rest;
  rememberRefusedSecret(run, offer);
  emit(run, { type: "say", text: offerNote(field) });
}

/** The line said before the question of a secret the person typed before it was asked. Pure. */
export function offerNote(field: FieldDecl): string {
  const label = field.cue?.[0] ?? field.name.split(/[_-]+/).filter(Boolean).join(" ");
  return `The ${label} you typed earlier is not used until you type it here.`;
}

/** How many refused secret values are kept for masking. */
const REFUSED_KEPT = 8;

/** A secret refused by a check (a wrong PIN), or typed before it was asked, is still a secret: it stays masked wherever it appears. */
function rememberRefusedSecret(run: Run, value: unknown): void {
  const text = String(value);
  const kept = (run.state.refusedSecrets ?? []).filter((v) => v !== text);
  run.state.refusedSecrets = [...kept, text].slice(-REFUSED_KEPT);
}

/**
 * A card walk passes an ask whether it is answered or not: the list it picks from is read (the lookups
 * it runs bind later inputs, as in a run), then the field counts as asked since the confirm.
 */
export function passInCard(run: Run, step: AskStep, frame: Frame): void {
  if (step.from && !collectSkips(run, dependenciesOf(run.skill).ofExpr(step.from))) rowsOf(run, step, frame);
  noteAsked(run, step.field);
}

/**
 * A "verify" walk never stops at a question: an answer that would be refused now is cleared from its
 * (throwaway) state, so a completed write that took it is seen to lose it.
 */
export function verifyAnswer(run: Run, step: AskStep, frame: Frame): void {
  const key = answerKey(step.field, frame.scope);
  const field = fieldOf(run, step);
  followDefault(run, step, field, key, frame);
  const answer = ownValue(run.state.answers, key);
  if (answer && dynamicRefusal(run, step, field, answer.value, frame) !== undefined) delete run.state.answers[key];
}

function fieldOf(run: Run, step: AskStep): FieldDecl {
  const field = fieldDecl(run.skill, step.field);
  if (!field) fail(run, `Cannot ask ${step.field}: the field is not declared.`);
  return field;
}

/** The refusal for a stored answer that no longer passes, or undefined when it passes. */
function dynamicRefusal(run: Run, step: AskStep, field: FieldDecl, value: unknown, frame: Frame): string | undefined {
  if (step.from) {
    const ids = new Set(rowsOf(run, step, frame).flatMap((row) => (row.id === undefined ? [] : [String(row.id)])));
    const picked = step.many && Array.isArray(value) ? value : [value];
    if (!picked.every((id) => ids.has(String(id)))) return field.message ?? defaultMessage({ kind: "pick", from: step.from, ...(step.many ? { many: true } : {}) });
  }
  if (field.shape.kind === "lookup") {
    const tool = ownValue(run.skill.tools, field.shape.tool);
    if (!tool) fail(run, `Cannot check ${field.name}: the lookup ${field.shape.tool} is not defined.`);
    if (tool.kind === "handoff") fail(run, `${tool.name} was not run: it is a hand-off tool, so it cannot check answers to ${field.name}; it runs only from a \`handoff:\` step.`);
    if (tool.kind !== "lookup") fail(run, `${tool.name} was not run: it is a write, so it cannot check answers to ${field.name}; a write runs only as a \`do:\` step after a confirm.`);
    const output = ensureLookup(run, tool, frame, tool.name, evaluateIn) as { known?: unknown } | null;
    if (output?.known !== true) return field.message ?? defaultMessage(field.shape);
  }
  for (const check of step.checks) {
    const result = evaluateIn(run, check.condition, frame);
    if (!result.ok || result.value !== true) return renderShown(run, check.text, frame);
  }
  return undefined;
}

function rowsOf(run: Run, step: AskStep, frame: Frame): Array<Record<string, unknown>> {
  const result = evaluateIn(run, step.from!, frame);
  if (!result.ok) fail(run, `Cannot get the list \`${step.from!.source}\` for ${step.field}: ${result.error}`);
  if (!Array.isArray(result.value)) fail(run, `\`${step.from!.source}\` is not a list.`);
  return result.value.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null);
}

function askHere(run: Run, step: AskStep, field: FieldDecl, key: string, frame: Frame): never {
  const question = renderShown(run, step.question, frame);
  const widget = widgetOf(run, step, field, frame);
  run.state.pending = {
    kind: "ask", field: step.field, answerKey: key, stepId: step.id, secret: field.secret, pick: step.from !== undefined,
    ...(step.many ? { many: true as const } : {}),
  };
  emit(run, { type: "ask", field: step.field, question, ...(widget ? { widget } : {}), secret: field.secret });
  traceStep(run, step, frame, "asked");
  throw new Halt("person");
}

/** A `from:` pick always carries its rows (a widget named `list` when the step names none). */
function widgetOf(run: Run, step: AskStep, field: FieldDecl, frame: Frame): WidgetView | undefined {
  if (step.from) {
    const many = step.many ? { many: true as const } : {};
    return { name: step.widget ?? "list", kind: "grid", rows: rowsOf(run, step, frame), field: step.field, ...many };
  }
  if (!step.widget) return undefined;
  const kind = field.shape.kind === "choices" || field.shape.kind === "yes_no" ? "choices" : "card";
  return { name: step.widget, kind, field: step.field };
}

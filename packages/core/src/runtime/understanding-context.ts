/**
 * What the host needs before a free-text turn, and nothing more: the fields the model may fill here
 * (never secrets, picks or confirmations; a field of a loop with `as:` whose passes are done, for a
 * correction of the one pass the message names), the pending question, whether a secret is pending (then the
 * model must not be called: send `{ type: "text", text }` without extraction), and the instructions of
 * the `chat` steps passed on the current path, and the value a field holds as its default (`current`).
 * Pure (replays a copy of the state; runs no tool).
 */
import type { FieldDecl, RepeatStep, Shape, Skill } from "../format/ir.js";
import { gatheringRepeatOf } from "./name-pass.js";
import { renderIn } from "./eval-in-frame.js";
import { replayCopy } from "./replay.js";
import { frameOf } from "./walk.js";
import { Halt, type Run } from "./run-context.js";
import { fieldDecl } from "./skill-index.js";
import { indexOf } from "../compile/compile-skill.js";
import type { AskSite } from "../compile/skill-index.js";
import type { FlowState, StepOptions } from "./types.js";
import { keyInScope, modelMayNotSet } from "./who-may-set.js";
import { answerKey as keyOfScope, nameOfKey, scopeOfKey } from "./answer-keys.js";
import { ownValue } from "../own-value.js";

export interface FieldInScope {
  name: string;
  shape: Shape;
  /** The question of its `ask`, rendered where possible (else as written). */
  question?: string;
  description?: string;
  /** Extra words that mean a choice (`{ economy: [coach, standard] }`), from the field's declaration. */
  synonyms?: Record<string, string[]>;
  /**
   * The value the field holds now as its `default:` (nobody gave it one): the model is shown it, so a
   * message that changes another line ("same address, but Suite 641") leaves this one out.
   */
  current?: unknown;
}

export interface UnderstandingContext {
  fields: FieldInScope[];
  pending?: { field: string; question: string };
  /** A secret is the pending question: do not call the model; pass the text as typed. */
  secretPending: boolean;
  /** Present when a `chat` step was passed on the current path: the model may also answer freely. */
  chat?: { instructions: string };
}

export function understandingContext(skill: Skill, state: FlowState, options?: StepOptions): UnderstandingContext {
  const run = replayCopy(skill, state, options);
  const pending = run.state.pending;
  const context: UnderstandingContext = { fields: fieldsInScope(run), secretPending: false };
  if (pending?.kind === "ask") {
    const ask = run.effects.find((e) => e.type === "ask" && e.field === pending.field);
    context.pending = { field: pending.field, question: ask?.type === "ask" ? ask.question : pending.field };
    context.secretPending = pending.secret;
  }
  if (run.chats.length > 0) context.chat = { instructions: run.chats.join("\n\n") };
  return context;
}

function fieldsInScope(run: Run): FieldInScope[] {
  const seen = new Set<string>();
  const out: FieldInScope[] = [];
  for (const site of indexOf(run.skill).askSites) {
    const name = site.step.field;
    if (seen.has(name) || modelMayNotSet(run.skill, name) !== undefined) continue;
    const key = keyInScope(run.skill, run.state, name);
    if (key === undefined) {
      const loop = passesDone(run, name);
      if (loop) out.push(perPass(site, fieldDecl(run.skill, name)!, loop));
      if (loop) seen.add(name);
      continue;
    }
    seen.add(name);
    out.push(describe(run, site, fieldDecl(run.skill, name)!, scopeOfKey(key)));
  }
  return out;
}

/**
 * A field asked once per pass of a `repeat … as:` whose passes have answers and none is in progress:
 * the model may propose a correction, which is taken only for the one pass the message names
 * (name-pass.ts). Undefined for any other field.
 */
function passesDone(run: Run, name: string): RepeatStep | undefined {
  const loop = gatheringRepeatOf(run, name);
  if (!loop) return undefined;
  const ofPass = (key: string) => nameOfKey(key) === name && scopeOfKey(key).startsWith(`${loop.id}:`) && !scopeOfKey(key).includes("/");
  return Object.keys(run.state.answers).some(ofPass) ? loop : undefined;
}

function perPass(site: AskSite, field: FieldDecl, loop: RepeatStep): FieldInScope {
  // A note for the model's prompt, not a sentence shown to the person.
  const note = `(answered once per ${loop.item}; a new value applies only to the one ${loop.item} the message names)`;
  return { name: field.name, shape: field.shape, question: site.step.question.source, description: field.description ? `${field.description} ${note}` : note };
}

function describe(run: Run, site: AskSite, field: FieldDecl, scope: string): FieldInScope {
  const entry: FieldInScope = { name: field.name, shape: field.shape, question: questionOf(run, site, scope) };
  if (field.description) entry.description = field.description;
  if (field.synonyms) entry.synonyms = field.synonyms;
  const held = ownValue(run.state.answers, keyOfScope(field.name, scope));
  if (held?.by === "default" && passedAsk(run, field.name)) entry.current = held.value;
  return entry;
}

/** Did this replay pass an ask of `field` with its answer (so a default it holds is on the current path)? */
function passedAsk(run: Run, field: string): boolean {
  const ids = new Set(indexOf(run.skill).askSites.filter((site) => site.step.field === field).map((site) => site.step.id));
  return run.trace.some((t) => t.type === "step" && t.kind === "ask" && t.outcome === "answered" && ids.has(t.stepId.split("@")[0]!));
}

/** The rendered question from cached values only; as written when a hole needs something not known. */
function questionOf(run: Run, site: AskSite, scope: string): string {
  try {
    return renderIn(run, site.step.question, frameOf([], scope, {}, {}, undefined));
  } catch (halt) {
    if (halt instanceof Halt) return site.step.question.source;
    throw halt;
  }
}

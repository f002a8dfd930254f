/**
 * A correction of one pass after its loop, read with no model: "put 100 on the gift card" once the
 * passes of `repeat: { for: method, …, as: payments }` are answered. The model proposes `amount: 100`
 * but cannot say which pass; the person's own words say it. A pass is named when the message holds a
 * word of its row as the pass grid shows it (the element's values, the pass's answers) that no other
 * pass's row has — filler words and bare numbers aside (a number is more likely the new value). Exactly
 * one pass named: the value goes to that pass's answer. None, or several: nothing (the value is dropped,
 * as before). Only for a field asked in one `repeat` with `as:` (not nested in another), only to change
 * an answer its pass already has, and only when no pass of that repeat is the one in progress. Pure over
 * a throwaway copy of the run's state (no tool runs: a list it cannot read names no pass).
 */
import { indexOf } from "../compile/compile-skill.js";
import type { RepeatStep } from "../format/ir.js";
import { answerKey, rowScope } from "./answer-keys.js";
import { copyState } from "./copy-state.js";
import { evaluateIn } from "./eval-in-frame.js";
import { FILLER_WORDS, rowWords } from "./match-rows.js";
import { plainWords } from "./read-yes-no.js";
import { newRun } from "./replay.js";
import { Halt, type Run } from "./run-context.js";
import { passIds, passRow } from "./run-pass-checks.js";
import { rootFrame } from "./walk.js";
import { keyInScope } from "./who-may-set.js";

/** The repeat with `as:` whose passes ask `field` (its one ask, in a repeat not nested in another), or undefined. */
export function gatheringRepeatOf(run: Run, field: string): RepeatStep | undefined {
  const sites = indexOf(run.skill).askSites.filter((site) => site.step.field === field);
  if (sites.length !== 1 || sites[0]!.repeats.length !== 1) return undefined;
  const step = indexOf(run.skill).steps.get(sites[0]!.repeats[0]!);
  return step?.kind === "repeat" && step.gather ? step : undefined;
}

/** The answer key of the one pass `text` names whose answer to `field` exists, or undefined. */
export function passKeyNamed(run: Run, field: string, text: string): string | undefined {
  const step = gatheringRepeatOf(run, field);
  if (!step || keyInScope(run.skill, run.state, field) !== undefined) return undefined;
  const rows = rowsNow(run, step);
  if (!rows) return undefined;
  const ids = passIds(rows);
  const passes = rows.map((row, i) => {
    const scope = rowScope("", step.id, row, i);
    const shown = passRow(run, step, row, ids[i]!, scope);
    return { key: answerKey(field, scope), words: rowWords(shown, Object.keys(shown)) };
  });
  const said = new Set(plainWords(text).filter((w) => !FILLER_WORDS.has(w) && !/^\d+([.,]\d+)?$/.test(w)));
  const named = passes.filter((pass) => [...pass.words].some((w) => said.has(w) && passes.every((other) => other === pass || !other.words.has(w))));
  if (named.length !== 1 || !Object.hasOwn(run.state.answers, named[0]!.key)) return undefined;
  return named[0]!.key;
}

/** The repeat's list as it is now, from a copy of the state (a lookup it would have to run gives none). */
function rowsNow(run: Run, step: RepeatStep): unknown[] | undefined {
  const probe = newRun(run.skill, copyState(run.state), run.options);
  try {
    const list = evaluateIn(probe, step.list, rootFrame([]));
    return list.ok && Array.isArray(list.value) ? list.value : undefined;
  } catch (halt) {
    if (halt instanceof Halt) return undefined;
    throw halt;
  }
}

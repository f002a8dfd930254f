/**
 * How often a real model's extraction matched the proof's scripted one, field by field (the table
 * `flow prove --model …` prints). Only turns whose script is a set of values (`model:`) count; a
 * `model_raw:` script is malformed output on purpose, and `reply` (free text) is left out. On such a
 * turn every field either side proposed counts once: matched when both gave the same value. A value the
 * model gave that its port dropped (the wrong type), or a reply that was not a set of values at all,
 * matches nothing. `skill` and `intent` (several skills hosted) count as fields. Pure.
 */
import { isDeepStrictEqual } from "node:util";
import type { ExtractResult } from "../understand/model-port.js";
import type { CassetteCall } from "./proof-cassette.js";
import type { ProofTurn } from "./proof-types.js";

export interface FieldMatch {
  field: string;
  matched: number;
  total: number;
}

const UNSET = Symbol("unset");

/** The per-field tally of `calls` against the scripts of `turns`, in order of first appearance. */
export function matchExtractions(turns: readonly ProofTurn[], calls: readonly CassetteCall[]): FieldMatch[] {
  const tally = new Map<string, FieldMatch>();
  for (const turn of turns) {
    const script = turn.script;
    const call = calls.find((c) => c.turn === turn.index);
    if (script === undefined || typeof script === "string" || !call) continue;
    const real = proposedValues(call.reply);
    const scripted = new Map(Object.entries(script).filter(([field]) => field !== "reply"));
    for (const field of new Set([...scripted.keys(), ...real.keys()])) {
      const row = tally.get(field) ?? { field, matched: 0, total: 0 };
      tally.set(field, row);
      row.total += 1;
      const got = real.has(field) ? real.get(field) : UNSET;
      if (scripted.has(field) && got !== UNSET && isDeepStrictEqual(scripted.get(field), got)) row.matched += 1;
    }
  }
  return [...tally.values()];
}

/** What the model proposed: its values, `skill` and `intent`, and the fields its port dropped (as UNSET). */
function proposedValues(reply: ExtractResult): Map<string, unknown> {
  const values = new Map<string, unknown>();
  if (reply.extraction.ok) for (const [field, value] of Object.entries(reply.extraction.values)) values.set(field, value);
  if (reply.skill !== undefined) values.set("skill", reply.skill);
  if (reply.intent !== undefined) values.set("intent", reply.intent);
  for (const { field } of reply.dropped ?? []) if (!values.has(field)) values.set(field, UNSET);
  return values;
}

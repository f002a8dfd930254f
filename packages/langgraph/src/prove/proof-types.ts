/**
 * A proof file after parsing: the skill it runs, its fixtures, and its turns with their expectations.
 * Plain data; every turn and expectation keeps the line it was written on.
 */
import type { FlowInput } from "../to-flow-event.js";
import type { ScriptedReply } from "../scripted-chat-model.js";
import type { ProofLimits } from "./parse-proof-limits.js";

/** Every expectation key of PROOF-FORMAT.md; each key present is one check. */
export interface Expectations {
  asks?: string;
  says?: string[];
  shows?: string;
  called?: string[];
  called_in_order?: string[];
  not_called?: string[];
  fields?: Record<string, unknown>;
  dropped?: string[];
  refused?: string;
  waits_for?: string;
  model_calls?: number;
  done?: boolean;
  /** The skill in progress after the turn (`null`: none), in a proof hosting several skills. */
  active?: string | null;
  /** This turn handed the conversation over: with this hand-off tool (`true`: any; `false`: it did not). */
  handed_off?: string | boolean;
  /** This turn ended the conversation at an `end` step: with this outcome (`true`: any; `false`: it did not). */
  ends?: string | boolean;
}

export type ExpectationKey = keyof Expectations;

export const EXPECTATION_KEYS: readonly ExpectationKey[] = [
  "asks", "says", "shows", "called", "called_in_order", "not_called", "fields", "dropped", "refused", "waits_for",
  "model_calls", "done", "active", "handed_off", "ends",
];

export type TurnKind = "user" | "pick" | "press" | "approve";

export interface ProofTurn {
  /** 1-based, as shown in the report. */
  index: number;
  line: number;
  kind: TurnKind;
  /** A short name for the report: `user "Book me…"`, `pick flight_id`, `press pay`. */
  label: string;
  input: FlowInput;
  /** `approve: { …, request: { turn: N } }`: approve the request that was waiting after turn N. */
  requestTurn?: number;
  /** What the scripted model returns on this turn (`model:`, `model_raw:`, `reply:`); absent: no call expected. */
  script?: ScriptedReply;
  expect: Expectations;
  /** The order the expectation keys were written in. */
  order: ExpectationKey[];
}

export interface ProofFixtures {
  answers?: Record<string, unknown>;
  now?: string;
  /** Tools that throw on their first n calls (a write is then in doubt). */
  fail?: Record<string, number>;
  /** Tools that throw `ToolRejected` on their first n calls (nothing was done). */
  reject?: Record<string, number>;
  /** The host's budget for the run (`createFlow`'s `limits.turn` / `limits.conversation`). */
  limits?: ProofLimits;
}

export interface Proof {
  /** The proof file, as it is shown (relative to the working directory). */
  file: string;
  /** The skill's folder or SKILL.md, resolved against the proof file's folder (the first of `skills`). */
  skill: string;
  /** Present when the proof hosts several skills (`skills:`): every one, resolved, in order. */
  skills?: string[];
  title?: string;
  fixtures: ProofFixtures;
  /** Every name of the skill the proof writes (fields, confirms, tools, skills), checked before any run. */
  names: NameUse[];
  turns: ProofTurn[];
}

/** A name a proof takes from its skill, where it was written and under which key (`press:`, `answers:`). */
export interface NameUse {
  kind: "field" | "confirm" | "tool" | "skill" | "outcome";
  name: string;
  key: string;
  line: number;
  column: number;
}

/** A proof file that does not parse: located, one sentence, no stack. */
export class ProofError extends Error {
  override name = "ProofError";
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }
}

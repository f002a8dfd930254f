/**
 * Running one proof through `createFlow` — the path users get — with the scripted chat model, or with a
 * real model being recorded or a cassette replayed (`proof-model.ts`). Each turn tells the model it
 * starts (the scripted one queues the turn's reply), sends its event, then checks its expectations. A
 * model call the proof did not script fails the turn, and so does a scripted call the runtime did not
 * make, a call a cassette does not hold, and a pick of a row the list did not show (check-pick-row.ts).
 * An approval may name the request waiting after an earlier turn. What a check saw never shows a secret.
 */
import { createFlowWith, type Flow } from "../create-flow.js";
import type { LoadedFlowSkill } from "../load-flow-skill.js";
import { checkExpectations } from "./check-expectations.js";
import { pickRowProblem, rememberRows, type ShownRows } from "./check-pick-row.js";
import { secretFieldsOf, SeenSecrets } from "./mask-seen.js";
import type { FieldMatch } from "./match-extractions.js";
import { scriptedProofModel, type ProofModel } from "./proof-model.js";
import type { Proof, ProofTurn } from "./proof-types.js";
import type { FlowInput } from "../to-flow-event.js";

/** One line of the report. `turn` 0 is the proof's set-up (skill, fixtures). */
export interface ProveCheck {
  turn: number;
  line: number;
  label: string;
  key: string;
  ok: boolean;
  expected: string;
  seen: string;
}

export interface ProofRun {
  file: string;
  title?: string;
  checks: ProveCheck[];
  /** Present when the run replayed a cassette instead of the scripted replies. */
  replayed?: { cassette: string; model: string };
  /** Present when the run went to a real model (`--model`). */
  recorded?: ProofRecording;
}

/** A run against a real model: the cassette, whether it was written (and why not), and the field tally. */
export interface ProofRecording {
  model: string;
  cassette: string;
  /** Written only with `--record` and when every check passed; otherwise why not. */
  written: boolean;
  reason?: string;
  fields: FieldMatch[];
}

export type SkillSource = (path: string) => Promise<LoadedFlowSkill>;

export async function runProof(proof: Proof, load: SkillSource, model: ProofModel = scriptedProofModel()): Promise<ProofRun> {
  const run: ProofRun = { file: proof.file, checks: [], ...(proof.title ? { title: proof.title } : {}) };
  const setup = (key: string, expected: string, seen: string) =>
    run.checks.push({ turn: 0, line: 1, label: "set-up", key, ok: false, expected, seen });
  let flow: Flow;
  try {
    const loaded = await Promise.all((proof.skills ?? [proof.skill]).map(load));
    const skills = { skills: loaded.map(({ skill, tools }) => ({ skill, tools })) };
    const limits = proof.fixtures.limits ? { limits: proof.fixtures.limits } : {};
    flow = await createFlowWith({ ...skills, model: model.port, now: proof.fixtures.now, ...limits }, { failures: proof.fixtures.fail, rejections: proof.fixtures.reject });
  } catch (error) {
    setup("skill", "the skill loads", messageOf(error));
    return run;
  }
  const thread = `proof:${proof.file}`;
  if (proof.fixtures.answers) {
    try {
      await flow.send(thread, { preset: proof.fixtures.answers });
    } catch (error) {
      setup("fixtures", "the answers apply", messageOf(error));
      return run;
    }
  }
  const secretFields = new Set(flow.skills.flatMap((skill) => [...secretFieldsOf(skill)]));
  const shared: TurnShared = { requests: new Map(), cards: new Map(), rows: new Map(), secrets: new SeenSecrets(), secretFields };
  for (const turn of proof.turns) {
    const from = run.checks.length;
    const ok = await runTurn(flow, model, thread, turn, run.checks, shared);
    for (const check of run.checks.slice(from)) check.seen = shared.secrets.mask(check.seen);
    if (!ok) break;
  }
  return run;
}

/**
 * What earlier turns left for later ones (the approval request waiting after each turn, the last card
 * shown for each confirm, the secrets seen), and the secret fields.
 */
interface TurnShared {
  requests: Map<number, string>;
  /** Confirm id → digest of the card last shown for it: a `press` answers that card, as a button would. */
  cards: Map<string, string>;
  rows: ShownRows;
  secrets: SeenSecrets;
  secretFields: ReadonlySet<string>;
}

/** Run one turn and add its checks; false when the turn could not run (later turns would mean nothing). */
async function runTurn(
  flow: Flow, model: ProofModel, thread: string, turn: ProofTurn, checks: ProveCheck[], shared: TurnShared,
): Promise<boolean> {
  const at = { turn: turn.index, line: turn.line, label: turn.label };
  const input = withCard(withRequest(turn, shared.requests), shared.cards);
  if (!input) {
    const n = turn.requestTurn!;
    checks.push({ ...at, key: "request", ok: false, expected: `the request waiting after turn ${n}`, seen: `turn ${n} left no approval request waiting` });
    return false;
  }
  const unlisted = pickRowProblem(input, turn.expect, shared.rows);
  if (unlisted) {
    checks.push({ ...at, key: "pick", ok: false, ...unlisted });
    return false;
  }
  model.begin(turn);
  let failed: unknown;
  try {
    const result = await flow.send(thread, input);
    for (const card of result.cards) shared.cards.set(card.confirm, card.digest);
    rememberRows(shared.rows, result.widgets);
    const values = (await flow.graph.getState({ configurable: { thread_id: thread } })).values;
    for (const skill of flow.skills) shared.secrets.add(skill, values.flow);
    if (values.flow?.pending?.kind === "approval") shared.requests.set(turn.index, values.flow.pending.requestId);
    const active = result.skill !== undefined ? result.skill : flow.skill.name;
    const observed = { result, answers: values.flow?.answers ?? {}, pending: values.flow?.pending, active, secretFields: shared.secretFields };
    for (const outcome of checkExpectations(turn.expect, turn.order, observed)) checks.push({ ...at, ...outcome });
  } catch (error) {
    failed = error;
  }
  const problems = model.end(turn).map((problem) => ({ ...at, ok: false, ...problem }));
  if (failed === undefined) {
    checks.push(...problems);
    return !problems.some((p) => p.key === "cassette");
  }
  // A call the cassette does not hold stops the turn: say that, not the error it was thrown as.
  const cassette = problems.filter((p) => p.key === "cassette");
  checks.push(...(cassette.length ? cassette : [{ ...at, key: "error", ok: false, expected: "the turn runs", seen: messageOf(failed) }]));
  return false;
}

/** The turn's event, with the request waiting after an earlier turn filled in; undefined when there was none. */
function withRequest(turn: ProofTurn, requests: Map<number, string>): FlowInput | undefined {
  if (turn.requestTurn === undefined) return turn.input;
  const request = requests.get(turn.requestTurn);
  const input = turn.input as Extract<FlowInput, { approve: string }>;
  return request === undefined ? undefined : { ...input, request };
}

/** A press carries the digest of the card last shown for its confirm (none when no card was shown yet). */
function withCard(input: FlowInput | undefined, cards: Map<string, string>): FlowInput | undefined {
  if (!input || !("press" in input) || input.card !== undefined) return input;
  const card = cards.get(input.press);
  return card === undefined ? input : { ...input, card };
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n").slice(0, 4).join(" ");
}

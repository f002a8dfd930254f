/**
 * One turn of a proof: its kind (`user`, `pick`, `press`, `approve`), the event it sends, what the
 * scripted model returns on it, and its expectations. Pure.
 */
import type { ScriptedReply } from "../scripted-chat-model.js";
import type { FlowInput } from "../to-flow-event.js";
import { parseExpectations } from "./parse-expectations.js";
import { isRecord, type ProofReader, type YamlPath } from "./proof-reader.js";
import type { ProofTurn, TurnKind } from "./proof-types.js";

const KINDS: readonly TurnKind[] = ["user", "pick", "press", "approve"];
const KEYS: Record<TurnKind, readonly string[]> = {
  user: ["user", "model", "model_raw", "reply", "expect"],
  pick: ["pick", "expect"],
  press: ["press", "option", "expect"],
  approve: ["approve", "expect"],
};

export function parseProofTurn(reader: ProofReader, path: YamlPath, value: unknown, index: number): ProofTurn {
  if (!isRecord(value)) throw reader.error(path, "A turn is a mapping with one of `user`, `pick`, `press`, `approve`.");
  const kinds = KINDS.filter((k) => k in value);
  if (kinds.length !== 1) {
    reader.checkKeys(path, value, [...new Set(Object.values(KEYS).flat())], "turn");
    throw reader.error(path, `A turn has exactly one of \`user\`, \`pick\`, \`press\`, \`approve\` (found ${kinds.length}).`);
  }
  const kind = kinds[0]!;
  reader.checkKeys(path, value, KEYS[kind], `\`${kind}\` turn`);
  const { input, label, requestTurn } = readInput(reader, [...path, kind], kind, value[kind], index, value.option);
  const { expect, order } = parseExpectations(reader, [...path, "expect"], value.expect);
  const turn: ProofTurn = { index, line: reader.line(path), kind, label, input, expect, order };
  if (requestTurn !== undefined) turn.requestTurn = requestTurn;
  const script = kind === "user" ? readScript(reader, path, value) : undefined;
  if (script !== undefined) turn.script = script;
  return turn;
}

interface TurnInput {
  input: FlowInput;
  label: string;
  requestTurn?: number;
}

function readInput(reader: ProofReader, path: YamlPath, kind: TurnKind, value: unknown, index: number, option?: unknown): TurnInput {
  switch (kind) {
    case "user":
      if (typeof value !== "string" && typeof value !== "number") throw reader.error(path, "`user:` is the text the person types.");
      return { input: { text: String(value) }, label: `user "${shorten(String(value))}"` };
    case "pick":
      if (!isRecord(value) || Object.keys(value).length !== 1) throw reader.error(path, "`pick:` sets one field, e.g. `pick: { flight_id: TP1352 }`.");
      return { input: { pick: value }, label: `pick ${Object.keys(value)[0]}` };
    case "press":
      return readPress(reader, path, value, option);
    case "approve":
      return readApprove(reader, path, value, index);
  }
}

/** `press: pay`, `press: { pay: no }`, or at a decide `press: escalation` with `option: send_back` beside it. */
function readPress(reader: ProofReader, path: YamlPath, value: unknown, option: unknown): { input: FlowInput; label: string } {
  if (option !== undefined) {
    const at: YamlPath = [...path.slice(0, -1), "option"];
    if (typeof value !== "string" || !value) throw reader.error(path, "With `option:`, `press:` names a decide, e.g. `press: escalation` and `option: send_back`.");
    if (typeof option !== "string" || !option) throw reader.error(at, "`option:` is the key of one of the decide's options, e.g. `option: send_back`.");
    return { input: { press: value, yes: true, option }, label: `press ${value}: ${option}` };
  }
  if (typeof value === "string" && value) return { input: { press: value, yes: true }, label: `press ${value}` };
  if (isRecord(value) && Object.keys(value).length === 1) {
    const [id, answer] = Object.entries(value)[0]!;
    const yes = yesNo(reader, [...path, id], answer);
    return { input: { press: id, yes }, label: `press ${id}${yes ? "" : ": no"}` };
  }
  throw reader.error(path, "`press:` names a confirm, e.g. `press: pay`, or `press: { pay: no }`.");
}

/**
 * `approve: { id: yes, by: role }`, optionally with `request: "id"` or `request: { turn: N }`; for a decide
 * `by:` a role, `option: key` says which option the role chose (`id: no` is the role's rejection, `no`).
 */
function readApprove(reader: ProofReader, path: YamlPath, value: unknown, index: number): TurnInput {
  const entries = isRecord(value) ? Object.entries(value).filter(([k]) => k !== "by" && k !== "request" && k !== "option") : [];
  const by = isRecord(value) ? value.by : undefined;
  if (!isRecord(value) || entries.length !== 1 || typeof by !== "string" || !by) {
    throw reader.error(path, "`approve:` names a confirm and a role, e.g. `approve: { approval: yes, by: manager }`.");
  }
  const [id, answer] = entries[0]!;
  const yes = yesNo(reader, [...path, id], answer);
  if (value.option !== undefined && (typeof value.option !== "string" || !value.option)) {
    throw reader.error([...path, "option"], "`option:` is the key of one of the decide's options, e.g. `option: send_back`.");
  }
  const option = value.option as string | undefined;
  const label = `approve ${id}${yes ? "" : ": no"}${option ? ` (${option})` : ""} by ${by}`;
  const base = { approve: id, by, yes, ...(option !== undefined && { option }) };
  if (value.request === undefined) return { input: base, label };
  const request = readRequest(reader, [...path, "request"], value.request, index);
  if (typeof request === "string") return { input: { ...base, request }, label: `${label}, request ${request}` };
  return { input: base, label: `${label}, request of turn ${request}`, requestTurn: request };
}

/** A request id as written, or the number of an earlier turn whose waiting request is meant. */
function readRequest(reader: ProofReader, path: YamlPath, value: unknown, index: number): string | number {
  if (typeof value === "string" && value) return value;
  if (isRecord(value) && Object.keys(value).length === 1 && "turn" in value) {
    const n = value.turn;
    if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n < index) return n;
    throw reader.error([...path, "turn"], `\`request: { turn: N }\` names an earlier turn (${index > 1 ? `1 to ${index - 1}` : "there is none yet"}).`);
  }
  throw reader.error(path, "`request:` is a request id, e.g. `request: \"approval#0123abcd\"`, or `request: { turn: 2 }` for the request waiting after turn 2.");
}

function readScript(reader: ProofReader, path: YamlPath, turn: Record<string, unknown>): ScriptedReply | undefined {
  const { model, model_raw: raw, reply } = turn;
  if (model !== undefined && raw !== undefined) throw reader.error([...path, "model_raw"], "A turn has `model:` or `model_raw:`, not both.", true);
  if (raw !== undefined) {
    if (typeof raw !== "string") throw reader.error([...path, "model_raw"], "`model_raw:` is the text the model returns, as a string.");
    return raw;
  }
  if (model !== undefined && model !== null && !isRecord(model)) {
    throw reader.error([...path, "model"], "`model:` is a mapping of field values, e.g. `model: { nights: 3 }`.");
  }
  if (reply !== undefined && typeof reply !== "string") throw reader.error([...path, "reply"], "`reply:` is the model's free answer, as text.");
  if (model === undefined && reply === undefined) return undefined;
  return { ...((model as Record<string, unknown> | null) ?? {}), ...(reply !== undefined ? { reply } : {}) };
}

function yesNo(reader: ProofReader, path: YamlPath, value: unknown): boolean {
  if (value === true || value === "yes") return true;
  if (value === false || value === "no") return false;
  throw reader.error(path, "Use `yes` or `no`.");
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

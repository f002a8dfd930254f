/**
 * The names a parsed proof takes from its skill, each where it was written: the fields of `answers:`,
 * `pick:`, `asks:` and `fields:`; the confirms of `press:`, `approve:` and `waits_for:`; the tools of
 * `fail:`, `reject:`, `called:`, `called_in_order:` and `not_called:`; the skill of `active:`; the outcome of
 * `ends:`. Names the
 * proof may invent on purpose are left out: what the scripted model proposes (`model:`, `dropped:`) is
 * often a name the runtime must drop. Pure.
 */
import type { ProofReader, YamlPath } from "./proof-reader.js";
import type { NameUse, Proof, ProofTurn } from "./proof-types.js";

export function proofNames(reader: ProofReader, proof: Proof): NameUse[] {
  const uses: NameUse[] = [];
  const key = (kind: NameUse["kind"], label: string, name: string, path: YamlPath) => uses.push({ kind, name, key: label, ...reader.keyAt(path) });
  const value = (kind: NameUse["kind"], label: string, name: string, path: YamlPath) => uses.push({ kind, name, key: label, ...reader.valueAt(path) });
  const { answers, fail, reject } = proof.fixtures;
  for (const name of Object.keys(answers ?? {})) key("field", "answers:", name, ["fixtures", "answers", name]);
  for (const [label, tools] of [["fail:", fail], ["reject:", reject]] as const) {
    for (const name of Object.keys(tools ?? {})) key("tool", label, name, ["fixtures", label.slice(0, -1), name]);
  }
  proof.turns.forEach((turn, i) => {
    turnInput(turn, ["turns", i], key);
    expectations(turn, ["turns", i, "expect"], key, value);
  });
  return uses;
}

type Add = (kind: NameUse["kind"], label: string, name: string, path: YamlPath) => void;

function turnInput(turn: ProofTurn, path: YamlPath, key: Add): void {
  const input = turn.input;
  if ("pick" in input) for (const name of Object.keys(input.pick)) key("field", "pick:", name, [...path, "pick", name]);
  // `press: pay` names it as the value, `press: { pay: no }` as the key: `keyAt` finds either.
  if ("press" in input) key("confirm", "press:", input.press, [...path, "press", input.press]);
  if ("approve" in input) key("confirm", "approve:", input.approve, [...path, "approve", input.approve]);
}

function expectations(turn: ProofTurn, path: YamlPath, key: Add, value: Add): void {
  const { asks, waits_for: waitsFor, fields, active } = turn.expect;
  if (asks !== undefined) value("field", "asks:", asks, [...path, "asks"]);
  if (waitsFor !== undefined) value("confirm", "waits_for:", waitsFor, [...path, "waits_for"]);
  // Inside a `repeat`, an answer is named `field@scope`: the field is the part before `@`.
  for (const name of Object.keys(fields ?? {})) key("field", "fields:", name.split("@")[0]!, [...path, "fields", name]);
  if (typeof active === "string") value("skill", "active:", active, [...path, "active"]);
  if (typeof turn.expect.ends === "string") value("outcome", "ends:", turn.expect.ends, [...path, "ends"]);
  for (const label of ["called", "called_in_order", "not_called"] as const) {
    const tools = turn.expect[label];
    if (!tools) continue;
    // A single name written without brackets (`called: hold_flight`) has no item j: `valueAt` finds the name.
    tools.forEach((name, j) => value("tool", `${label}:`, name, [...path, label, j]));
  }
}

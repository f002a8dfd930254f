// The conference-trip conversation both arms of bench/cost replay: read from the reference-story proof,
// so the benchmark and the proof cannot drift apart.
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "yaml";

/** The proof the benchmark replays, relative to the repository root. */
export const STORY_FILE = "proofs/conference-trip/reference-story.proof.yaml";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The story's turns: `input` (the Skillflow event), `script` (the extraction the scripted model returns
 * for it, if the proof scripts one) and `said` (what the person types in a chat with no widgets: the
 * text itself, the picked row's id, or the button's name).
 */
export function readStory() {
  const proof = parse(readFileSync(`${root}${STORY_FILE}`, "utf8"));
  return {
    skillDir: fileURLToPath(new URL(proof.skill, pathToFileURL(`${root}${STORY_FILE}`))),
    turns: proof.turns.map(toTurn),
  };
}

function toTurn(turn) {
  if (turn.user !== undefined) {
    return { input: { text: turn.user }, said: turn.user, ...(turn.model ? { script: turn.model } : {}) };
  }
  if (turn.pick) return { input: { pick: turn.pick }, said: String(Object.values(turn.pick)[0]) };
  if (turn.press) return { input: { press: turn.press }, said: turn.press };
  throw new Error(`${STORY_FILE}: a turn the benchmark cannot replay: ${JSON.stringify(turn)}`);
}

/**
 * What kind of person event a turn is, given the question pending before it: a pick, a press, a typed
 * secret (text typed into a pending secret field that matches its pattern), or free text. Pure.
 */
export function classifyTurn(input, pending, skill) {
  if (input.pick) return "pick";
  if (input.press) return "press";
  const field = pending?.kind === "ask" && pending.secret ? skill.fields[pending.field] : undefined;
  if (field?.shape.kind === "pattern" && new RegExp(field.shape.pattern).test(input.text.trim())) return "typed code";
  return "free text";
}

/** Whether a kind is data entry (never meant for a model). Pure. */
export function isDataEntry(kind) {
  return kind !== "free text";
}

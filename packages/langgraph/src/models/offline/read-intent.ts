/**
 * The offline reading of "switch" and "cancel", when a flow hosts several skills. Small fixed rules,
 * strict on purpose (a cancel drops the skill's answers, so a doubtful message is never one). Pure.
 *
 * - **Cancel**: the whole message, after a leading "ok", "no", "actually", "please" or "sorry", is a cancel
 *   phrase — "cancel", "never mind", "forget it", "stop", "quit", "abort" — optionally followed by "it",
 *   "that", "this", "everything", and by "the …"/"my …"/"this …" of one or two words ("cancel the trip").
 *   "Never mind, make it 4 nights" is not a cancel.
 * - **Switch**: the message names another skill (the word-overlap choice of `pick-skill.ts` is a skill
 *   other than the one in progress) and carries a cue that the person turns to it: "instead", "forget
 *   it", "never mind", "actually", "rather", "switch to", "back to", "let's", "I want", "I'd like",
 *   "I need", "can you", "could you", "help me". Naming another skill without a cue switches nothing.
 */
import type { SkillIntent } from "../../understand/model-port.js";

const FILLER = /^(?:(?:ok|okay|oh|no|actually|please|sorry|hmm|um|just|so|well)\s+)+/;
const CANCEL = new RegExp(
  "^(?:cancel|never ?mind|forget (?:it|that|this|about it)|stop|quit|abort)" +
    "(?: (?:it|that|this|everything|all))?" +
    "(?: (?:the|my|this) [\\p{L}\\p{N}]+(?: [\\p{L}\\p{N}]+)?)?" +
    "(?: please)?$",
  "u",
);
const SWITCH_CUES = [
  "instead", "forget it", "forget that", "forget about", "never mind", "nevermind", "actually", "rather",
  "switch to", "back to", "let's", "lets", "let us", "i want", "i'd like", "i would like", "i need",
  "can you", "could you", "help me",
];

/** The message in lower case, punctuation as spaces, one space between words. Pure. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/[’]/g, "'").replace(/[^\p{L}\p{N}' ]+/gu, " ").replace(/\s+/g, " ").trim();
}

/** Whether the whole message asks to cancel what is in progress. Pure. */
export function isCancelPhrase(text: string): boolean {
  const said = normalize(text).replace(FILLER, "");
  return said !== "" && CANCEL.test(said);
}

/** Whether the message carries a cue that the person turns to something else. Pure. */
export function hasSwitchCue(text: string): boolean {
  const said = ` ${normalize(text)} `;
  return SWITCH_CUES.some((cue) => said.includes(` ${cue} `));
}

/**
 * The intent of a message, given the skill in progress (`active`, "" for none) and the skill its words
 * name (`named`). Pure.
 */
export function readIntent(text: string, active: string, named: string | undefined): SkillIntent | undefined {
  if (active && named && named !== active && hasSwitchCue(text)) return "switch";
  if (active && isCancelPhrase(text)) return "cancel";
  return undefined;
}

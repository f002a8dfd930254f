/**
 * The extraction prompt: what the model sees on a free-text turn. Pure.
 * It carries the skill's name and description, the fields the model may fill (name, shape in words,
 * description, synonyms, question), the pending question, optional chat instructions, and the person's
 * message; when several skills are hosted, the skills to route to and their fields
 * (`build-routing-prompt.ts`: the ones the message is likely about in full, the others in a line each). Never the transcript, secrets or tool outputs: the request holds
 * none of them, and nothing else is read.
 * A field's line is `describe-field.ts` (shared with the routing part, which imports nothing from here).
 * The system text is the one place a field's words are sent: the output schema beside it carries names
 * and types only (`build-extraction-schema.ts`), and the pending line names the field rather than
 * repeating a question its line already gives.
 */
import type { ExtractRequest, FieldInScope } from "./model-port.js";
import { routingHeader, routingLines, type PromptLine, type PromptPart } from "./build-routing-prompt.js";
import { describeField } from "./describe-field.js";

export interface ExtractPrompt {
  system: string;
  user: string;
}

/** The system text by part, each part's lines joined (a part with no line is empty). */
export type ExtractPromptParts = Record<PromptPart, string>;

/** The name of the structured-output tool the model is asked to call. */
export const EXTRACT_TOOL = "extract";

/** Build the system and user messages for one extraction call. Pure. */
export function buildExtractPrompt(request: ExtractRequest): ExtractPrompt {
  return { system: promptLines(request).map((l) => l.text).join("\n"), user: request.text };
}

/**
 * The system text split by what each line is for: `instructions` (what to return, the pending
 * question, the chat instructions, what `intent` means), `fields` (the lines describing fields) and
 * `menu` (the hosted skills). For measuring a prompt (bench:route); the model gets `buildExtractPrompt`.
 * Pure.
 */
export function extractPromptParts(request: ExtractRequest): ExtractPromptParts {
  const parts: ExtractPromptParts = { instructions: "", fields: "", menu: "" };
  for (const line of promptLines(request)) parts[line.part] += `${line.text}\n`;
  return parts;
}

function promptLines(request: ExtractRequest): PromptLine[] {
  const say = (text: string): PromptLine => ({ part: "instructions", text });
  const lines = [
    say(routingHeader(request) ?? `You fill in fields for the skill "${request.skill.name}": ${request.skill.description}`),
    say(`Return, with the \`${EXTRACT_TOOL}\` tool, only the values the person's message states or clearly implies.`),
    say("Leave out every field the message does not mention. Never guess."),
  ];
  if (request.skill.name || !request.skills?.length) {
    lines.push(say(""), say("Fields:"));
    const fields = request.fields.length ? request.fields.map((f) => describeField(f)) : ["(none on this turn)"];
    lines.push(...fields.map((text): PromptLine => ({ part: "fields", text })));
  }
  if (request.pending) lines.push(say(""), say(describePending(request.pending, request.fields)));
  if (request.chat) {
    lines.push(
      say(""),
      say(`If the person asks something, answer in \`reply\` (read-only: you cannot set, book or approve anything): ${request.chat.instructions}`),
    );
  }
  lines.push(...routingLines(request));
  return lines;
}

/** The line naming the pending question; its text only when no field line above already gives it. Pure. */
function describePending(pending: { field: string; question: string }, fields: FieldInScope[]): string {
  const listed = fields.some((f) => f.name === pending.field && f.question === pending.question);
  return `The flow is waiting for \`${pending.field}\`${listed ? " (asked above)." : `: "${pending.question}"`}`;
}

/**
 * The text content of a skill tool's result: what the host's model reads (hosts that show no structured
 * content get everything they need from it). Pure.
 */
import type { TurnView } from "./turn-view.js";

export function describeForModel(view: TurnView): string {
  const lines = [...view.reply];
  if (view.person) lines.push("", view.person);
  else if (view.pending?.kind === "question") lines.push("", `Pass the person's answer to "${view.pending.question}" as the next message.`);
  if (view.handed_off) lines.push("", "The conversation was handed over to a person: nothing more is done by this skill in it.");
  else if (view.ended) lines.push("", `The conversation ended (outcome ${view.ended.outcome}, ${view.ended.status}): nothing more is done by this skill in it.`);
  else if (view.done) lines.push("", "The skill is finished.");
  else lines.push("", `Conversation: ${view.conversation} (send it back as \`conversation\` with the person's next message).`);
  return lines.join("\n");
}

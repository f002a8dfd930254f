/**
 * Asking the person for a secret with URL-mode elicitation: the host is asked to open a page of this
 * process where the person types it; the value never passes through the host or its model. Form mode is
 * not used: MCP forbids sensitive values in form elicitation. The typed value is sent to the flow as the
 * person's text, which the runtime takes as the secret only when it matches the field's pattern.
 */
import type { Skill } from "@skillflow/core";
import type { FlowInput } from "@skillflow/langgraph";
import type { PersonChannel } from "./hosted-skill.js";
import { cannotAsk } from "./person-words.js";
import type { PendingView } from "./turn-view.js";

export async function askSecret(skill: Skill, pending: Extract<PendingView, { kind: "secret" }>, channel: PersonChannel): Promise<string | { input: FlowInput }> {
  if (!channel.support().url) return cannotAsk(pending);
  const shape = skill.fields[pending.field]?.shape;
  const pattern = shape?.kind === "pattern" ? shape.pattern : undefined;
  const page = await channel.secrets.request(pending.question, pattern, channel.secretTimeoutMs);
  const message = `${pending.question} Open the link to type it: it goes to Skillflow, not to the assistant.`;
  const answer = await channel.elicit({ mode: "url", message, url: page.url, elicitationId: page.id });
  if (answer.action !== "accept") {
    page.cancel();
    return `The person did not open the page for "${pending.question}". Nothing was entered.`;
  }
  const value = await page.value;
  if (value === undefined) return `The page for "${pending.question}" expired before anything was typed. Nothing was entered.`;
  await channel.completed(page.id);
  return { input: { text: value } };
}

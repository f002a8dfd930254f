// The ReAct arm's tools: the conference-trip skill's own twelve tools (skills/conference-trip/tools.ts,
// loaded with jiti as the Skillflow loader does), each wrapped as a LangChain tool with the same name,
// description and zod input schema. A tool's result goes back to the agent as JSON text.
import { tool } from "@langchain/core/tools";
import { createJiti } from "jiti";

/** Load the skill's tools.ts; returns its tool definitions and its write log (`effects`, `resetCalls`). */
export async function loadSkillTools(skillDir) {
  const jiti = createJiti(import.meta.url, { moduleCache: false });
  const module = await jiti.import(`${skillDir}/tools.ts`);
  return { definitions: module.default, effects: module.effects, resetCalls: module.resetCalls };
}

/**
 * One LangChain tool per definition. A write gets the tool call's id as its idempotency key (a ReAct
 * agent has no other); lookups get none, as in Skillflow.
 */
export function toLangChainTools(definitions, now = () => new Date().toISOString()) {
  return definitions.map((definition) =>
    tool(
      async (input, config) => {
        const idempotencyKey = definition.kind === "write" ? (config?.toolCall?.id ?? definition.name) : "";
        const output = await definition.run(input, { idempotencyKey, now: now(), signal: new AbortController().signal });
        return JSON.stringify(output);
      },
      { name: definition.name, description: definition.description, schema: definition.input },
    ));
}

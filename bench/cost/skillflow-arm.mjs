// Arm (a) of bench/cost: the story through Skillflow's `createFlow` with the scripted chat model. Every
// call the model receives is recorded and counted over `serializePrompt` (the extraction prompt's two
// messages and the `extract` tool's schema). The model is strict: a call the story did not script
// throws, so the arm cannot hide a model call.
import { createFlow, ScriptedChatModel } from "@skillflow/langgraph";
import { classifyTurn } from "./read-story.mjs";
import { countPromptTokens, serializePrompt } from "./serialize-prompt.mjs";

/** The scripted model, also keeping the token count and the text of each prompt as sent. */
class MeteredScriptedModel extends ScriptedChatModel {
  sent = [];

  async _generate(messages, options, runManager) {
    this.sent.push({ tokens: countPromptTokens(messages, options.tools), text: serializePrompt(messages, options.tools) });
    return super._generate(messages, options, runManager);
  }
}

/**
 * Replay the story; per turn: `kind`, `calls` (model calls), `tokens` (input tokens) and the runtime's
 * own `usage.modelCalls` for cross-checking; the writes that ran, in order; the text of every prompt.
 * With `hosted` (skill folders, the story's first), the flow hosts all of them and routes: the first
 * scripted extraction also names the story's skill, as the model would in that same call.
 * Throws when a scripted extraction goes unused.
 */
export async function runSkillflowArm(story, { hosted } = {}) {
  const model = new MeteredScriptedModel([], { strict: true });
  const flow = await createFlow(hosted ? { skills: hosted, model } : { skill: story.skillDir, model });
  const turns = [];
  const writes = [];
  let pending;
  let route = Boolean(hosted);
  for (const turn of story.turns) {
    if (turn.script) {
      model.script(route ? { skill: flow.skill.name, ...turn.script } : turn.script);
      route = false;
    }
    const kind = classifyTurn(turn.input, pending, flow.skill);
    const before = model.sent.length;
    const result = await flow.send("bench-cost", turn.input);
    const sent = model.sent.slice(before);
    if (model.pending > 0) throw new Error(`Skillflow arm: the extraction scripted for "${turn.said}" was not used.`);
    turns.push({ said: turn.said, kind, calls: sent.length, tokens: sum(sent.map((p) => p.tokens)), reportedCalls: result.usage.modelCalls });
    writes.push(...result.tools.filter((run) => run.kind === "write" && run.ok).map((run) => run.tool));
    pending = result.pending;
  }
  return { turns, writes, prompts: model.sent.map((p) => p.text), ...totals(turns) };
}

/** Calls and tokens over a list of turns. Pure. */
export function totals(turns) {
  return { calls: sum(turns.map((t) => t.calls)), tokens: sum(turns.map((t) => t.tokens)) };
}

function sum(numbers) {
  return numbers.reduce((a, b) => a + b, 0);
}

// Arm (b) of bench/cost: LangGraph.js's prebuilt `createReactAgent` holding the skill's twelve tools and
// the policy in its system prompt, with a MemorySaver keeping the conversation, as such an agent is
// deployed. Every person message, data entry included, is a run of the agent. The model is scripted
// (react-script.mjs); every call it receives is counted over `serializePrompt` (system prompt, the whole
// conversation so far with tool calls and results, and the twelve tool schemas).
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { REACT_POLICY } from "./react-policy.mjs";
import { REACT_SCRIPT } from "./react-script.mjs";
import { loadSkillTools, toLangChainTools } from "./react-tools.mjs";
import { countPromptTokens } from "./serialize-prompt.mjs";
import { totals } from "./skillflow-arm.mjs";

/** A chat model that answers each call with the next scripted step and counts what it was sent. */
class ScriptedReactModel extends BaseChatModel {
  constructor() {
    super({});
    this.sent = [];
    this.steps = [];
    this.sees = undefined;
  }

  _llmType() {
    return "scripted-react";
  }

  bindTools(tools) {
    return this.withConfig({ tools });
  }

  async _generate(messages, options) {
    this.sent.push(countPromptTokens(messages, options.tools));
    checkSeen(this.sees, messages);
    const step = this.steps.shift();
    if (!step) throw new Error("ReAct arm: the agent called the model with nothing scripted.");
    this.sees = step.sees;
    const message = step.call ? toolCallReply(step.call, this.sent.length) : textReply(step.say, messages);
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

function toolCallReply(calls, n) {
  const tool_calls = calls.map(([name, args], i) => ({ name, args, id: `call_${n}_${i}`, type: "tool_call" }));
  return new AIMessageChunk({ content: "", tool_calls });
}

function textReply(say, messages) {
  return new AIMessageChunk({ content: typeof say === "function" ? say(latestResults(messages)) : say });
}

/** The latest result of each tool in the conversation, parsed. Pure. */
function latestResults(messages) {
  const results = {};
  for (const m of messages) if (m.getType() === "tool") results[m.name] = JSON.parse(m.content);
  return results;
}

/** The tool results just returned must contain `sees`; otherwise the script is out of step. */
function checkSeen(sees, messages) {
  if (sees === undefined) return;
  const trailing = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].getType() === "tool"; i--) trailing.push(messages[i].content);
  if (!trailing.join("\n").includes(sees)) throw new Error(`ReAct arm: expected the tools to answer ${sees}, got ${trailing.join(" | ")}`);
}

/**
 * Replay the story through the agent; per turn: `calls` and `tokens`; the writes it made, in order; and
 * `fixedTokens`, the part every call carries (the policy and the twelve tool schemas); `callTokens`, the
 * size of each call in order.
 */
export async function runReactArm(story) {
  const { definitions, effects, resetCalls } = await loadSkillTools(story.skillDir);
  resetCalls();
  const model = new ScriptedReactModel();
  const tools = toLangChainTools(definitions);
  const agent = createReactAgent({ llm: model, tools, prompt: REACT_POLICY, checkpointer: new MemorySaver() });
  const turns = [];
  for (const [i, turn] of story.turns.entries()) {
    const entry = REACT_SCRIPT[i];
    if (entry?.said !== turn.said) throw new Error(`ReAct arm: the script's turn ${i + 1} is for "${entry?.said}", the story says "${turn.said}".`);
    model.steps.push(...entry.steps);
    const before = model.sent.length;
    await agent.invoke({ messages: [new HumanMessage(turn.said)] }, { configurable: { thread_id: "bench-cost" }, recursionLimit: 50 });
    if (model.steps.length > 0) throw new Error(`ReAct arm: scripted steps left unused after "${turn.said}".`);
    const sent = model.sent.slice(before);
    turns.push({ said: turn.said, calls: sent.length, tokens: sent.reduce((a, b) => a + b, 0) });
  }
  const fixedTokens = countPromptTokens([new SystemMessage(REACT_POLICY)], tools);
  return { turns, writes: effects.map((e) => e.tool), fixedTokens, callTokens: model.sent, ...totals(turns) };
}

/**
 * The baseline arm: LangGraph.js's prebuilt `createReactAgent` on the store's 16 tools (react-tools.ts)
 * over the task's own database, with policy.md as its system prompt and the history trimmed to the
 * last turns, as a cheap agent is deployed. Offline its model is scripted: its tool calls are the task's
 * ground-truth actions, one per call; before each write it lists the write and asks for a yes (the
 * policy's rule), and the person's next message says yes. So what it measures is the calls and the
 * input tokens each call would send (policy + tool schemas + trimmed history, cl100k_base).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { readRetailDb, retailDataDir } from "../../skills/retail/store/db-file.js";
import type { Action } from "../../skills/retail/store/replay.js";
// @ts-ignore: a JavaScript module of bench/cost, shared so both benches count alike.
import { countPromptTokens } from "../cost/serialize-prompt.mjs";
import { actionsOf, WRITE_TOOLS, type TauTask } from "./read-tasks.js";
import { reactTools } from "./react-tools.js";

/** Person turns kept in the prompt (each with what followed it); the system prompt is always kept. */
export const KEEP_TURNS = 3;

type Step = { call: Action } | { say: string };

class ScriptedReactModel extends BaseChatModel {
  sent: number[] = [];
  steps: Step[] = [];
  _llmType() {
    return "scripted-react";
  }
  override bindTools(tools: unknown[]) {
    return this.withConfig({ tools } as never) as never;
  }
  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]) {
    this.sent.push(countPromptTokens(messages, (options as { tools?: unknown[] }).tools) as number);
    const step = this.steps.shift();
    if (!step) throw new Error("ReAct arm: the agent called the model with nothing scripted.");
    const message = "call" in step
      ? new AIMessageChunk({ content: "", tool_calls: [{ name: step.call.name, args: step.call.arguments, id: `call_${this.sent.length}`, type: "tool_call" }] })
      : new AIMessageChunk({ content: step.say });
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
}

/** The person's turns and the agent's steps after each: a write waits for the yes of the next turn. */
export function reactTurns(task: TauTask): Array<{ said: string; steps: Step[] }> {
  const { reason_for_call, known_info } = task.user_scenario.instructions;
  const turns = [{ said: [reason_for_call, known_info].filter(Boolean).join(" "), steps: [] as Step[] }];
  for (const action of actionsOf(task)) {
    if (WRITE_TOOLS.has(action.name)) {
      turns.at(-1)!.steps.push({ say: `To confirm: ${action.name} with ${JSON.stringify(action.arguments)}. Shall I proceed (yes/no)?` });
      turns.push({ said: "Yes, please go ahead.", steps: [] });
    }
    turns.at(-1)!.steps.push({ call: action });
  }
  turns.at(-1)!.steps.push({ say: "It is done. Is there anything else I can help with?" });
  return turns;
}

/** The last KEEP_TURNS person turns and everything after them. Pure. */
export function trimHistory(messages: BaseMessage[]): BaseMessage[] {
  const starts = messages.flatMap((m, i) => (m.getType() === "human" ? [i] : []));
  return messages.slice(starts.at(-KEEP_TURNS) ?? 0);
}

export async function runReactArm(task: TauTask): Promise<{ calls: number; tokens: number; actions: Action[] }> {
  const policy = readFileSync(join(retailDataDir(), "policy.md"), "utf8");
  const model = new ScriptedReactModel({});
  const actions: Action[] = [];
  const prompt = (state: { messages: BaseMessage[] }) => [new SystemMessage(policy), ...trimHistory(state.messages)];
  const agent = createReactAgent({ llm: model, tools: reactTools(readRetailDb(), actions), prompt, checkpointer: new MemorySaver() });
  for (const turn of reactTurns(task)) {
    model.steps.push(...turn.steps);
    await agent.invoke({ messages: [new HumanMessage(turn.said)] }, { configurable: { thread_id: `react-${task.id}` }, recursionLimit: 100 });
    if (model.steps.length > 0) throw new Error(`ReAct arm: task ${task.id}: scripted steps left unused after "${turn.said}".`);
  }
  return { calls: model.sent.length, tokens: model.sent.reduce((a, b) => a + b, 0), actions };
}

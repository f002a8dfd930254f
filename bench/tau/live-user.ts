/**
 * The person in live mode: a chat model that plays the task's user scenario one message at a time (our
 * own prompt, after τ²-bench's user simulator: the instructions, what they know and do not, and a stop
 * word). It sees what the flow shows — the reply, a grid as numbered rows, a card — and answers in
 * words, or `PICK n` (a row click: several as `PICK 1, 3`), or `YES` / `NO` at a card. Those become the
 * flow's typed events, so a pick or a yes never passes through the extraction model.
 */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { FlowInput, TurnResult } from "@skillflow/langgraph";
import type { TauTask } from "./read-tasks.js";

export const STOP = "###STOP###";

export function userPrompt(task: TauTask): string {
  const i = task.user_scenario.instructions;
  return [
    "You are a customer talking to a store's support assistant. Play the person described below, one message at a time.",
    "Say only what this person would say; give a detail only when it is asked for or needed; never invent ids or facts that are not below.",
    "When the assistant shows numbered rows to choose from, answer PICK and the row numbers (PICK 2, or PICK 1, 3 for several).",
    "When it asks you to confirm something with yes or no, answer YES or NO, after checking every detail it lists against what you want.",
    `When your requests are done, or cannot be done, answer ${STOP} and nothing else.`,
    "",
    `Why you are calling: ${i.reason_for_call ?? ""}`,
    `What you know: ${i.known_info ?? ""}`,
    `What you do not know: ${i.unknown_info ?? "nothing in particular"}`,
    `How you behave: ${i.task_instructions ?? ""}`,
  ].join("\n");
}

/** What the person sees of a turn: its lines, each grid's rows numbered, and how to answer a card. Pure. */
export function showTurn(result: TurnResult): string {
  const lines = [...result.reply];
  for (const widget of result.widgets) {
    if (!widget.rows?.length) continue;
    widget.rows.forEach((row, i) => lines.push(`  ${i + 1}. ${Object.entries(row).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`).join(", ")}`));
  }
  if (result.pending?.kind === "confirm") lines.push("(answer YES or NO)");
  return lines.join("\n");
}

/** The flow event for the person's answer, or undefined when they stopped. Pure. */
export function eventOf(said: string, result: TurnResult | undefined, rows: Array<Record<string, unknown>> | undefined): FlowInput | undefined {
  const text = said.trim();
  if (text.includes(STOP)) return undefined;
  const pending = result?.pending;
  if (pending?.kind === "confirm" && /^(yes|no)\b/i.test(text)) return { press: pending.confirm, yes: /^yes/i.test(text), card: pending.card.digest };
  const pick = /^PICK\s+([\d,\s]+)$/i.exec(text);
  if (pick && pending?.kind === "ask" && pending.pick && rows) {
    const chosen = pick[1]!.split(/[,\s]+/).filter(Boolean).map((n) => rows[Number(n) - 1]?.id);
    if (chosen.every((id) => id !== undefined)) return { pick: { [pending.field]: chosen.length === 1 ? chosen[0] : chosen } };
  }
  return { text };
}

/** A person played by `model`: each call gets the prompt and the conversation so far, their own lines as theirs. */
export function modelUser(model: BaseChatModel, task: TauTask) {
  const history: BaseMessage[] = [new SystemMessage(userPrompt(task))];
  let tokens = 0;
  return {
    get tokens() {
      return tokens;
    },
    async next(shown: string): Promise<string> {
      history.push(new HumanMessage(shown || "(the assistant waits for you)"));
      const reply = await model.invoke(history);
      tokens += (reply as AIMessage).usage_metadata?.total_tokens ?? 0;
      const said = typeof reply.content === "string" ? reply.content : JSON.stringify(reply.content);
      history.push(new AIMessage(said));
      return said;
    },
  };
}
